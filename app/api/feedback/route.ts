// GET /api/feedback (the user's own), POST /api/feedback.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, idempotencyHeader, readJson } from '@/lib/api/request';
import { createFeedbackSchema } from '@/lib/feedback/schema';
import { createFeedback, listOwnFeedback } from '@/lib/feedback/service';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    return NextResponse.json({ items: await listOwnFeedback(user) }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function POST(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const input = await readJson(request, createFeedbackSchema);
    const result = await createFeedback(user, {
      ...input,
      requestKey: idempotencyHeader(request) ?? input.requestKey,
    });
    return NextResponse.json(
      { feedback: result.feedback },
      { status: result.created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } },
    );
  });
}
