// GET /api/chat/:room/messages?before=<id>: a page of older messages (public).
// POST /api/chat/:room/messages { text, name?, requestKey? }: posts as the signed-in user, or as a guest under
// `name` (with their signed identity, the `chat_guest` cookie, issued on their first message) → 201 { message }
// (200 and the first message for a repeated key); 403 when muted.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, clientAddress, idempotencyHeader, readJson, validate } from '@/lib/api/request';
import { env } from '@/lib/env';
import { takePostAllowance } from '@/lib/chat/limits';
import { CHAT_BODY_LIMIT } from '@/lib/chat/constants';
import { historyQuerySchema, postMessageSchema } from '@/lib/chat/schema';
import { messagesBefore, postMessage, requireRoom, type Poster } from '@/lib/chat/service';
import { GUEST_COOKIE, GUEST_NAME_COOKIE, displayNameOf, guestIdentity } from '@/lib/chat/identity';
import { SESSION_COOKIE } from '@/lib/session/cookie';
import { activeSession } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

const YEAR = 365 * 24 * 60 * 60;

export function GET(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/messages'>) {
  return handle(request, async () => {
    const room = await requireRoom((await params).room);
    const { before } = validate(historyQuerySchema, {
      before: request.nextUrl.searchParams.get('before') ?? undefined,
    });
    const messages = await messagesBefore(room.id, before);
    return NextResponse.json({ messages }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function POST(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/messages'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const room = await requireRoom((await params).room);
    const input = await readJson(request, postMessageSchema, CHAT_BODY_LIMIT);
    const requestKey = idempotencyHeader(request) ?? input.requestKey;
    const session = await activeSession(request.cookies.get(SESSION_COOKIE)?.value, { mutation: true });
    let poster: Poster;
    let issued: string | null = null;
    if (session) {
      poster = { kind: 'user', uid: session.uid, name: displayNameOf(session) };
      await takePostAllowance(`user:${session.uid}`);
    } else {
      if (!input.name) throw new ApiError('invalidBody', { name: { code: 'required' } });
      // Keyed by what the client cannot choose: a guest's cookie or a forged X-Forwarded-For would reset it.
      await takePostAllowance(`guest:${clientAddress(request)}`);
      const identity = guestIdentity(request.cookies.get(GUEST_COOKIE)?.value, requestKey);
      issued = identity.issued;
      poster = { kind: 'guest', name: input.name, guestId: identity.id };
    }
    const { message, created } = await postMessage(room, poster, input.text, requestKey);
    const response = NextResponse.json(
      { message },
      { status: created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } },
    );
    if (poster.kind === 'guest') {
      const attributes = { path: '/', sameSite: 'lax' as const, secure: env.cookieSecure, maxAge: YEAR };
      if (issued) response.cookies.set(GUEST_COOKIE, issued, { ...attributes, path: '/api/chat', httpOnly: true });
      // Read by the chat page to prefill the name field.
      response.cookies.set(GUEST_NAME_COOKIE, poster.name, { ...attributes, httpOnly: false });
    }
    return response;
  });
}
