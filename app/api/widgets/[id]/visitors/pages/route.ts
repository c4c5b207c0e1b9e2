// POST /api/widgets/:id/visitors/pages { url, title?, referrer?, timeZone? } (visitor token): the host page the
// visitor is on, as the widget's loader reports it → { stored } (false before the visitor's first message).
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson, validate } from '@/lib/api/request';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { visitorPageSchema } from '@/lib/conversations/schema';
import { NO_STORE } from '@/lib/conversations/request';
import { reportVisitorPage } from '@/lib/conversations/visitor/pages';
import { requireVisitor } from '@/lib/conversations/visitor/visitors';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest, { params }: RouteContext<'/api/widgets/[id]/visitors/pages'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    // Read first, as every visitor handler's (an oversized body is a 413 whoever sends it); checked once the token is.
    const body = await readJson(request, z.unknown(), CONVERSATION_BODY_LIMIT);
    const { widget, visitor } = await requireVisitor(request, (await params).id);
    const input = validate(visitorPageSchema, body);
    const stored = await reportVisitorPage(widget, visitor.id, input, request.headers.get('user-agent'));
    return NextResponse.json({ stored }, { headers: NO_STORE });
  });
}
