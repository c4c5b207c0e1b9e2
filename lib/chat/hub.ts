import 'server-only';
import { EventHub, loggedFrame } from '@/lib/realtime/hub';
import { CHAT_CHANNEL, messagesAfter } from './service';
import type { ChatMessageView } from './constants';

/** The SSE frame of a message: the message id is the event id. */
export function sseFrame(message: ChatMessageView): Uint8Array {
  return loggedFrame(message.id, message);
}

/** The chat's fan-out: a scope is a room, and a NOTIFY names the room that has new messages. */
function createChatHub(): EventHub {
  return new EventHub('chat', {
    channel: CHAT_CHANNEL,
    notify: (room, hub) => hub.schedule(room),
    load: async (room, after, limit) => (await messagesAfter(room, after, limit)).map((message) => ({ id: message.id, frame: sseFrame(message) })),
  });
}

// One hub per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __chatHub?: EventHub };

export function chatHub(): EventHub {
  return (holder.__chatHub ??= createChatHub());
}
