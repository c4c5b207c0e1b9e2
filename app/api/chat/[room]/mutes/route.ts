// GET /api/chat/:room/mutes: the authors muted in the room (support staff).
// POST /api/chat/:room/mutes { messageId, minutes? }: support staff mute that message's author (201; 200 when already
// muted).
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { muteSchema } from '@/lib/chat/schema';
import { requireRoom } from '@/lib/chat/service';
import { listMutes, muteAuthor } from '@/lib/chat/moderation';
import { requireSignedInUser, requireAdmin } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function GET(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/mutes'>) {
  return handle(request, async () => {
    await requireAdmin(request);
    const room = await requireRoom((await params).room);
    return NextResponse.json({ mutes: await listMutes(room) }, { headers: NO_STORE });
  });
}

export function POST(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/mutes'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const staff = await requireSignedInUser(request);
    // The body is read within its limit before the staff check, as for every handler that takes one.
    const input = await readJson(request, muteSchema, 1024);
    if (!staff.admin) throw new ApiError('forbidden');
    const room = await requireRoom((await params).room);
    const { mute, created } = await muteAuthor(room, input.messageId, staff.uid, input.minutes);
    return NextResponse.json({ mute }, { status: created ? 201 : 200, headers: NO_STORE });
  });
}
