// DELETE /api/chat/:room/mutes/:id: support staff lift a mute (204, also when it was already lifted).
import type { NextRequest } from 'next/server';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { muteIdSchema } from '@/lib/chat/schema';
import { requireRoom } from '@/lib/chat/service';
import { unmute } from '@/lib/chat/moderation';
import { requireAdmin } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function DELETE(request: NextRequest, { params }: RouteContext<'/api/chat/[room]/mutes/[id]'>) {
  return handle(request, async () => {
    assertSameOrigin(request);
    await requireAdmin(request);
    const { room: roomId, id } = await params;
    const room = await requireRoom(roomId);
    if (!muteIdSchema.safeParse(id).success) throw new ApiError('notFound');
    await unmute(room, id);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  });
}
