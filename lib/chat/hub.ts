import 'server-only';
import { EventHub, loggedFrame } from '@/lib/realtime/hub';
import { CHAT_CHANNEL, eventsAfter, type ChatEvent } from './service';
import type { ChatMessageView } from './constants';

/** The SSE frame of a message: the message id is the event id. */
export function sseFrame(message: ChatMessageView): Uint8Array {
  return loggedFrame(message.id, message);
}

/** The SSE frame of an event of the log: a message, or `deleted` naming the message removed. */
function eventFrame(event: ChatEvent): Uint8Array {
  return 'message' in event ? sseFrame(event.message) : loggedFrame(event.id, { id: event.deleted }, 'deleted');
}

/** The chat's fan-out: a scope is a room, and a NOTIFY names the room that has new messages. */
function createChatHub(): EventHub {
  return new EventHub('chat', {
    channel: CHAT_CHANNEL,
    notify: (room, hub) => hub.schedule(room),
    load: async (room, after, limit) =>
      (await eventsAfter(room, after, limit)).map((event) => ({ id: event.id, frame: eventFrame(event) })),
  });
}

// One hub per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __chatHub?: EventHub };

export function chatHub(): EventHub {
  return (holder.__chatHub ??= createChatHub());
}
