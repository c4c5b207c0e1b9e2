import 'server-only';
import { listen, onDatabaseClose } from '@/lib/db';
import type { StopListening } from '@/lib/db/listen';
import { env } from '@/lib/env';
import { describeDatabaseError } from '@/lib/db/errors';
import { Turns } from './turns';

/**
 * One open event stream. `scope` names what it follows (a chat room, a visitor's conversations, an
 * owner's inbox), `lastId` the last event it has been sent; `group` lets a notification reach every
 * stream of a group at once (the visitors of one widget). `write` answers false when the stream can take
 * no more (the client went away or stopped reading): the hub then forgets it.
 */
export type Subscriber = {
  scope: string;
  lastId: number;
  group?: string;
  write: (chunk: Uint8Array) => boolean;
  /** Ends the stream after a last frame (its reader may no longer follow it). */
  end?: (last: Uint8Array) => void;
};

/** An event of the durable log, its SSE frame ready to write. */
export type LoggedEvent = { id: number; frame: Uint8Array };

export type HubSource = {
  /** The NOTIFY channel of this hub's log. */
  channel: string;
  /** What a notification means for this instance: scopes to read again (`hub.schedule`), frames to push. */
  notify(payload: string, hub: EventHub): void;
  /** Events of `scope` after `after`, in id order, at most `limit`. */
  load(scope: string, after: number, limit: number): Promise<LoggedEvent[]>;
};

const BATCH = 500;
const RETRY_MS = 1_000;
const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');
/** Each stream's heartbeat comes once a period, in one of this many turns: 5,000 writes at once took 50 ms. */
const HEARTBEAT_TURNS = 15;

/**
 * Fan-out of a database log to this instance's open streams. A NOTIFY only names what changed; the hub
 * then reads everything after the lowest position of that scope's subscribers and hands each subscriber
 * what it has not had. So a subscriber receives every event exactly once and in id order whether it
 * resumes, joins while others are served, or notifications were coalesced or lost (a reconnecting
 * listener triggers a resync). Frames without an id (typing, presence) are pushed as they come.
 */
export class EventHub {
  private readonly scopes = new Map<string, Set<Subscriber>>();
  private readonly groups = new Map<string, Set<Subscriber>>();
  private readonly runs = new Map<string, { again: boolean }>();
  /** Scopes whose last read failed: their streams may lack events until the retry reads them. */
  private readonly behind = new Set<string>();
  private listening: Promise<StopListening> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly beats = new Turns<Subscriber>(HEARTBEAT_TURNS);

  constructor(
    private readonly name: string,
    private readonly source: HubSource,
  ) {
    onDatabaseClose(() => this.stopListening());
  }

  /** Adds a subscriber and sends it what it is missing; resolves to its unsubscribe function. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    await this.ensureListening();
    add(this.scopes, subscriber.scope, subscriber);
    if (subscriber.group) add(this.groups, subscriber.group, subscriber);
    this.beats.add(subscriber);
    this.ensureHeartbeat();
    this.schedule(subscriber.scope);
    return () => this.remove(subscriber);
  }

  /** Open streams (all, or of one scope). */
  count(scope?: string): number {
    if (scope) return this.scopes.get(scope)?.size ?? 0;
    let total = 0;
    for (const members of this.scopes.values()) total += members.size;
    return total;
  }

  /** The scopes with open streams on this instance. */
  openScopes(): IterableIterator<string> {
    return this.scopes.keys();
  }

  /** The groups with open streams on this instance. */
  openGroups(): IterableIterator<string> {
    return this.groups.keys();
  }

  /** Reads `scope`'s log again for its subscribers (after a NOTIFY). */
  schedule(scope: string) {
    if (!this.scopes.has(scope)) return;
    const running = this.runs.get(scope);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.behind.delete(scope);
    this.runs.set(scope, state);
    void this.deliver(scope, state).finally(() => this.runs.delete(scope));
  }

  /**
   * Hands `scope`'s streams event `id` of the log that a notification carried, without reading the log. Notifications
   * come in commit order, so streams that no read is still serving have every earlier event; otherwise the log is
   * read. `frame` is encoded once, and only when a stream lacks the event.
   */
  offer(scope: string, id: number, frame: () => Uint8Array) {
    const members = this.scopes.get(scope);
    if (!members) return;
    if (this.runs.has(scope) || this.behind.has(scope)) return this.schedule(scope);
    let encoded: Uint8Array | undefined;
    for (const member of members) {
      if (id <= member.lastId) continue;
      if (!member.write((encoded ??= frame()))) this.remove(member);
      else member.lastId = id;
    }
  }

  /** Writes a frame that is not part of the log to every stream of `scope`. */
  push(scope: string, frame: Uint8Array) {
    for (const member of this.scopes.get(scope) ?? []) if (!member.write(frame)) this.remove(member);
  }

  /** Writes a frame that is not part of the log to every stream of `group`. */
  pushToGroup(group: string, frame: Uint8Array) {
    for (const member of this.groups.get(group) ?? []) if (!member.write(frame)) this.remove(member);
  }

  /** Ends every stream of `group` after `last` (e.g. a member's, once they are removed). */
  endGroup(group: string, last: Uint8Array) {
    for (const member of [...(this.groups.get(group) ?? [])]) this.end(member, last);
  }

  /** Ends every stream of `scope` after `last`. */
  endScope(scope: string, last: Uint8Array) {
    for (const member of [...(this.scopes.get(scope) ?? [])]) this.end(member, last);
  }

  private end(subscriber: Subscriber, last: Uint8Array) {
    this.remove(subscriber);
    subscriber.end?.(last);
  }

  private remove(subscriber: Subscriber) {
    if (!drop(this.scopes, subscriber.scope, subscriber)) return;
    if (!this.scopes.has(subscriber.scope)) this.behind.delete(subscriber.scope);
    if (subscriber.group) drop(this.groups, subscriber.group, subscriber);
    this.beats.delete(subscriber);
    if (this.scopes.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private async deliver(scope: string, state: { again: boolean }) {
    try {
      do {
        state.again = false;
        const members = this.scopes.get(scope);
        if (!members?.size) return;
        let from = Number.MAX_SAFE_INTEGER;
        for (const member of members) from = Math.min(from, member.lastId);
        const batch = await this.source.load(scope, from, BATCH);
        if (batch.length === BATCH) state.again = true;
        for (const member of this.scopes.get(scope) ?? []) {
          // Joined while this batch was read, further back than it starts: its turn is the next round
          // (handing it this batch would skip the events in between).
          if (member.lastId < from) {
            state.again = true;
            continue;
          }
          for (const { id, frame } of batch) {
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
      console.error(`${this.name}: delivery to ${scope} failed: ${describeDatabaseError(error)}`);
      this.behind.add(scope);
      setTimeout(() => this.schedule(scope), RETRY_MS).unref();
    }
  }

  private ensureListening(): Promise<StopListening> {
    if (!this.listening) {
      const listening = listen(this.source.channel, {
        notify: (payload) => this.source.notify(payload, this),
        resync: () => {
          for (const scope of this.scopes.keys()) this.schedule(scope);
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
    // The tick is the timer's own: Jest's cleanup between test files turns the hub's fields into accessors.
    let tick = 0;
    this.heartbeat = setInterval(() => {
      for (const member of this.beats.due(tick++)) if (!member.write(HEARTBEAT)) this.remove(member);
    }, env.chat.heartbeatMs / HEARTBEAT_TURNS);
    this.heartbeat.unref();
  }
}

function add(index: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber) {
  let members = index.get(key);
  if (!members) index.set(key, (members = new Set()));
  members.add(subscriber);
}

function drop(index: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber): boolean {
  const members = index.get(key);
  if (!members?.delete(subscriber)) return false;
  if (members.size === 0) index.delete(key);
  return true;
}

/** The SSE frame of a logged event: a numeric id and one line of JSON (no text can end it early). */
export function loggedFrame(id: number, data: unknown, event?: string): Uint8Array {
  return encoder.encode(`${event ? `event: ${event}\n` : ''}id: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The SSE frame of an event outside the log (no id, so Last-Event-ID stays where it was). */
export function passingFrame(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
