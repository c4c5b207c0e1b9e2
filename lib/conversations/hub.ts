import 'server-only';
import { eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { widgets } from '@/lib/db/schema';
import { EventHub, passingFrame } from '@/lib/realtime/hub';
import { latestOnly } from '@/lib/realtime/latest';
import { SUPPORT_OWNER } from '@/lib/widgets/owner';
import type { PresenceView } from './constants';
import { inboxEntry, unreadConversations } from './inbox';
import { inboxEvents, visitorEvents } from './log';
import { presenceOf } from './presence';
import { CONVERSATIONS_CHANNEL, parseSignal } from './signal';
import { describeDatabaseError } from '@/lib/db/errors';

/**
 * A visitor's stream follows their conversations; an owner's inbox those of their widgets (support staff: Plauder's own
 * too).
 */
export const visitorScope = (visitorId: string) => `v:${visitorId}`;
export const inboxScope = (actor: { uid: string; admin: boolean }) => `${actor.admin ? 'a' : 'o'}:${actor.uid}`;
const actorOfInbox = (scope: string) => ({ uid: scope.slice(2), admin: scope.startsWith('a:') });
/** The visitors' streams of one widget hear its presence. */
export const widgetGroup = (widgetId: string) => `w:${widgetId}`;

/** The inbox scopes open on this instance that see the widgets of `owner`. */
function inboxScopesOf(hub: EventHub, owner: string): string[] {
  const scopes = [`o:${owner}`, `a:${owner}`];
  if (owner === SUPPORT_OWNER) for (const scope of hub.openScopes()) if (scope.startsWith('a:')) scopes.push(scope);
  return scopes;
}

/** The presence a widget's visitors see now. */
export async function widgetPresence(widgetId: string): Promise<PresenceView | null> {
  const db = await database();
  const [row] = await db
    .select({
      presence: widgets.presence,
      operatorSeenAt: widgets.operatorSeenAt,
      businessHours: widgets.businessHours,
    })
    .from(widgets)
    .where(eq(widgets.id, widgetId));
  return row ? presenceOf(row) : null;
}

function relay(what: string, work: Promise<unknown>) {
  work.catch((error: Error) => console.error(`conversations: ${what} failed: ${describeDatabaseError(error)}`));
}

/**
 * The least time between two reads of one inbox's unread total. The count reads every unread conversation of the
 * inbox (5,000 in npm run bench), and new messages arrive faster than that under load.
 */
export const UNREAD_GAP_MS = 500;

function createConversationHub(): EventHub {
  /** Sends an inbox's streams the actor's unread total (the navigation's badge) as it is now. */
  const sendUnread = latestOnly(
    async (scope) => {
      const total = await unreadConversations(actorOfInbox(scope));
      hub.push(scope, passingFrame('unread', { total }));
    },
    {
      gapMs: UNREAD_GAP_MS,
      wanted: (scope) => hub.count(scope) > 0,
      failed: (error) => console.error(`conversations: unread total failed: ${describeDatabaseError(error)}`),
    },
  );

  const hub: EventHub = new EventHub('conversations', {
    channel: CONVERSATIONS_CHANNEL,
    notify(payload, hub) {
      const signal = parseSignal(payload);
      if (!signal) return;
      switch (signal.k) {
        case 'm':
          hub.schedule(visitorScope(signal.v));
          for (const scope of inboxScopesOf(hub, signal.o)) hub.schedule(scope);
          return;
        case 't': {
          const frame = passingFrame('typing', { conversationId: signal.c, sender: signal.s, typing: signal.on });
          if (signal.s === 'operator') hub.push(visitorScope(signal.v), frame);
          else for (const scope of inboxScopesOf(hub, signal.o)) hub.push(scope, frame);
          return;
        }
        case 'r': {
          // Both sides: the other party's "seen", and the reader's other tabs (unread counts, badge).
          const frame = passingFrame('read', {
            conversationId: signal.c,
            reader: signal.s,
            upTo: signal.u,
            unread: signal.n,
          });
          hub.push(visitorScope(signal.v), frame);
          for (const scope of inboxScopesOf(hub, signal.o)) {
            hub.push(scope, frame);
            if (signal.s === 'operator' && hub.count(scope) > 0) sendUnread(scope);
          }
          return;
        }
        case 'c': {
          const scopes = inboxScopesOf(hub, signal.o).filter((scope) => hub.count(scope) > 0);
          if (scopes.length === 0) return;
          relay(
            'conversation update',
            inboxEntry(signal.c).then(
              (entry) => entry && scopes.forEach((scope) => hub.push(scope, passingFrame('conversation', entry))),
            ),
          );
          return;
        }
        case 'p':
          if (![...hub.openGroups()].includes(widgetGroup(signal.w))) return;
          relay(
            'presence',
            widgetPresence(signal.w).then(
              (presence) => presence && hub.pushToGroup(widgetGroup(signal.w), passingFrame('presence', presence)),
            ),
          );
          return;
      }
    },
    load(scope, after, limit) {
      const [kind, id] = [scope.slice(0, 1), scope.slice(2)];
      if (kind === 'v') return visitorEvents(id, after, limit);
      // An inbox's log is read when a stream joins, after new messages and after a lost notification: each
      // may have changed its unread total.
      sendUnread(scope);
      return inboxEvents(kind === 'a' ? [id, SUPPORT_OWNER] : [id], after, limit);
    },
  });
  return hub;
}

// One hub per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __conversationHub?: EventHub };

export function conversationHub(): EventHub {
  return (holder.__conversationHub ??= createConversationHub());
}
