import 'server-only';
import { listen, onDatabaseClose } from '@/lib/db';
import type { StopListening } from '@/lib/db/listen';
import { env } from '@/lib/env';
import { CHAT_CHANNEL, messagesAfter } from './service';
import type { ChatMessageView } from './constants';

/**
 * One open event stream. `lastId` is the last message it has been sent; `write` answers false when the
 * stream can take no more (the client went away or stopped reading): the hub then forgets it.
 */
export type Subscriber = { room: string; lastId: number; write: (chunk: Uint8Array) => boolean };

const BATCH = 500;
const RETRY_MS = 1_000;
const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/**
 * The SSE frame of a message. The id is a number and the data one line of JSON (JSON escapes CR and
 * LF), so no text can end the frame early or add a field.
 */
export function sseFrame(message: ChatMessageView): Uint8Array {
  return encoder.encode(`id: ${message.id}\ndata: ${JSON.stringify(message)}\n\n`);
}

/**
 * Fan-out of chat messages to this instance's open streams. A NOTIFY only names the room; the hub then
 * reads everything after the lowest position of that room's subscribers from the database and hands
 * each subscriber what it has not had. So a subscriber receives every message exactly once and in id
 * order whether it resumes, joins while others are served, or notifications were coalesced or lost
 * (a reconnecting listener triggers a resync).
 */
class ChatHub {
  private readonly rooms = new Map<string, Set<Subscriber>>();
  private readonly runs = new Map<string, { again: boolean }>();
  private listening: Promise<StopListening> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor() {
    onDatabaseClose(() => this.stopListening());
  }

  /** Adds a subscriber and sends it what it is missing; resolves to its unsubscribe function. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    await this.ensureListening();
    let members = this.rooms.get(subscriber.room);
    if (!members) this.rooms.set(subscriber.room, (members = new Set()));
    members.add(subscriber);
    this.ensureHeartbeat();
    this.schedule(subscriber.room);
    return () => this.remove(subscriber);
  }

  /** Open streams (all rooms, or one). */
  count(room?: string): number {
    if (room) return this.rooms.get(room)?.size ?? 0;
    let total = 0;
    for (const members of this.rooms.values()) total += members.size;
    return total;
  }

  private remove(subscriber: Subscriber) {
    const members = this.rooms.get(subscriber.room);
    if (!members?.delete(subscriber)) return;
    if (members.size === 0) this.rooms.delete(subscriber.room);
    if (this.rooms.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private schedule(room: string) {
    const running = this.runs.get(room);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.runs.set(room, state);
    void this.deliver(room, state).finally(() => this.runs.delete(room));
  }

  private async deliver(room: string, state: { again: boolean }) {
    try {
      do {
        state.again = false;
        const members = this.rooms.get(room);
        if (!members?.size) return;
        let from = Number.MAX_SAFE_INTEGER;
        for (const member of members) from = Math.min(from, member.lastId);
        const batch = await messagesAfter(room, from, BATCH);
        if (batch.length === BATCH) state.again = true;
        const frames = batch.map((message) => ({ id: message.id, frame: sseFrame(message) }));
        for (const member of this.rooms.get(room) ?? []) {
          // Joined while this batch was read, further back than it starts: its turn is the next round
          // (handing it this batch would skip the messages in between).
          if (member.lastId < from) {
            state.again = true;
            continue;
          }
          for (const { id, frame } of frames) {
            if (id <= member.lastId) continue;
            if (!member.write(frame)) {
              this.remove(member);
              break;
            }
            member.lastId = id;
          }
        }
      } while (state.again);
    } catch (error) {
      // The database is unreachable: try again while anyone listens (streams stay open meanwhile).
      console.error(`chat: delivery to room ${room} failed: ${(error as Error).message}`);
      setTimeout(() => this.schedule(room), RETRY_MS).unref();
    }
  }

  private ensureListening(): Promise<StopListening> {
    if (!this.listening) {
      const listening = listen(CHAT_CHANNEL, {
        notify: (room) => this.schedule(room),
        resync: () => {
          for (const room of this.rooms.keys()) this.schedule(room);
        },
      });
      this.listening = listening;
      listening.catch(() => {
        if (this.listening === listening) this.listening = null;
      });
    }
    return this.listening;
  }

  private async stopListening() {
    const listening = this.listening;
    this.listening = null;
    const stop = await listening?.catch(() => null);
    await stop?.();
  }

  private ensureHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const members of this.rooms.values()) {
        for (const member of members) if (!member.write(HEARTBEAT)) this.remove(member);
      }
    }, env.chat.heartbeatMs);
    this.heartbeat.unref();
  }
}

// One hub per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __chatHub?: ChatHub };

export function chatHub(): ChatHub {
  return (holder.__chatHub ??= new ChatHub());
}
