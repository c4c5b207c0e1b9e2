// GET /api/workspaces/:wid/invoices/:id/pdf (the owner or an admin) → the invoice or credit note as a PDF
// download; 404 for anyone else.
import { type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { invoicePdf } from '@/lib/billing/invoices/list';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest, { params }: RouteContext<'/api/workspaces/[wid]/invoices/[id]/pdf'>) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const { wid, id } = await params;
    const { filename, bytes } = await invoicePdf(user, wid, id);
    return new Response(Buffer.from(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });
}
