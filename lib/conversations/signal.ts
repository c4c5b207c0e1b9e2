import 'server-only';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/types';
import type { InboxConversationView, MessageView, VisitorConversationView } from './constants';

/** NOTIFY channel of the conversations: every instance's hub listens (lib/conversations/hub.ts). */
export const CONVERSATIONS_CHANNEL = 'conversations';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const PAYLOAD_LIMIT = 8_000;

/** A new message as the visitor's stream (`vc`, with its operator's photo `ph`) and the inbox's (`ic`) show it. */
export type MessageEvent = {
  m: MessageView;
  ph: string | null;
  vc: VisitorConversationView;
  ic: InboxConversationView;
};

/** A new note as the inbox's stream shows it (no visitor's stream ever gets one). */
export type NoteEvent = { m: MessageView; ic: InboxConversationView };

/**
 * What a NOTIFY on the channel says, in few bytes: new messages for visitor `v` and workspace `ws` (`m`, with the
 * message itself in `e` when it fits), a note for workspace `ws` only (`n`, likewise),
 * someone typing (`t`) or reading (`r`) in conversation `c`, a conversation's details changed (`c`, its
 * assignee, labels and snooze among them), the labels of workspace `ws` changed (`l`), a widget's presence
 * switch changed (`p`), the operators of workspace `ws` (`o`),
 * member `u` left workspace `ws` or (null) the workspace was deleted (`x`), visitor `v` blocked or unblocked
 * (`b`), visitor `v` of workspace `ws` erased (`e`).
 */
export type Signal =
  | { k: 'm'; ws: string; v: string; e?: MessageEvent }
  | { k: 'n'; ws: string; e?: NoteEvent }
  | { k: 't'; ws: string; v: string; c: string; s: 'visitor' | 'operator'; on: boolean }
  | { k: 'r'; ws: string; v: string; c: string; s: 'visitor' | 'operator'; u: number; n: number }
  | { k: 'c'; ws: string; c: string }
  | { k: 'l'; ws: string }
  | { k: 'p'; w: string }
  | { k: 'o'; ws: string }
  | { k: 'x'; ws: string; u: string | null }
  | { k: 'b'; v: string; on: boolean }
  | { k: 'e'; ws: string; v: string };

/**
 * Sends `signal` with the transaction of `executor` (at its commit), or at once outside one; `smaller` in its
 * place when `value` does not fit a payload.
 */
export async function signal(executor: Pick<Executor, 'execute'>, value: Signal, smaller?: Signal): Promise<void> {
  let payload = JSON.stringify(value);
  if (smaller && Buffer.byteLength(payload) >= PAYLOAD_LIMIT) payload = JSON.stringify(smaller);
  await executor.execute(sql`select pg_notify(${CONVERSATIONS_CHANNEL}, ${payload})`);
}

export function parseSignal(payload: string): Signal | null {
  try {
    const value = JSON.parse(payload) as Signal;
    return value && typeof value === 'object' && typeof value.k === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Ends the inbox streams of member `uid` of a workspace (or, null, every stream of a deleted workspace) on
 * every instance, when the transaction of `executor` that ends the membership commits.
 */
export function endMembershipStreams(executor: Pick<Executor, 'execute'>, workspaceId: string, uid: string | null) {
  return signal(executor, { k: 'x', ws: workspaceId, u: uid });
}
