// GET /api/workspaces/:wid/visitors/:vid/export (owner, admin): the visitor's data as a JSON download (right of
// access), never cached.
import { type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { exportVisitor } from '@/lib/conversations/inbox/visitor-export';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/visitors/[vid]/export'>) {
  return handle(request, async () => {
    const operator = await requireSignedInUser(request);
    const { wid, vid } = await params;
    const data = await exportVisitor(operator, wid, vid);
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="visitor-${data.visitor.id}.json"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });
}
