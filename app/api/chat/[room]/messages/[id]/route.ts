// DELETE /api/chat/:room/messages/:id: support staff remove a message for everybody (204, also when it was already
// removed).
import type { NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { parseEventId } from '@/lib/chat/schema';
import { requireRoom } from '@/lib/chat/service';
import { deleteMessage } from '@/lib/chat/moderation';
import { requireAdmin } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function DELETE(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/messages/[id]'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const staff = await requireAdmin(request);
    const { room: roomId, id } = await params;
    const room = await requireRoom(roomId);
    const messageId = parseEventId(id);
    if (!messageId) throw new ApiError('notFound');
    await deleteMessage(room, messageId, staff.uid);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  });
}
