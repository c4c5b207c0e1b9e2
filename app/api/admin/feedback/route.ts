// GET /api/admin/feedback: everyone's feedback and the average rating (support staff only, else 403).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { listAllFeedback } from '@/lib/feedback/service';
import { requireAdmin } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    await requireAdmin(request);
    return NextResponse.json(await listAllFeedback(), { headers: { 'Cache-Control': 'no-store' } });
  });
}
