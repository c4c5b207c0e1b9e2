// POST /api/widgets/:id/conversations/:cid/rating { score: 1-5, comment? } (visitor token): the visitor rates
// their closed conversation → 201 { rating }; the same score again: 200 with the stored rating.
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson, validate } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { ratingSchema } from '@/lib/conversations/schema';
import { NO_STORE, conversationId } from '@/lib/conversations/request';
import { rateConversation } from '@/lib/conversations/visitor/rating';
import { ownConversation } from '@/lib/conversations/visitor/visitor-side';
import { requireVisitor } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/widgets/[id]/conversations/[cid]/rating'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    // The body's size first (413), then who asks (401), then what they sent (400).
    const body = await readJson(request, z.unknown(), CONVERSATION_BODY_LIMIT);
    const { id, cid } = await params;
    const { widget, visitor } = await requireVisitor(request, id);
    const conversation = await ownConversation(visitor, conversationId(cid));
    const input = validate(ratingSchema, body);
    const { rating, created } = await rateConversation(widget, conversation.id, input);
    return NextResponse.json({ rating }, { status: created ? 201 : 200, headers: NO_STORE });
  });
}
