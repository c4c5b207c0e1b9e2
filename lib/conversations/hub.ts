import 'server-only';
import { EventHub, passingFrame } from '@/lib/realtime/hub';
import { latestOnly } from '@/lib/realtime/latest';
import { inboxEntry, unreadConversations } from './inbox/inbox';
import { workspaceLabels } from './inbox/labels';
import { inboxEvents, messageFrame, visitorEvents } from './log';
import { teammates, widgetIdsOf, widgetPresence } from './operators';
import { CONVERSATIONS_CHANNEL, parseSignal } from './signal';
import { visitorMessageView } from './views';
import { PRESENCE_REFRESH_MS } from './constants';
import { presenceNews, type SentPresence } from './presence';
import { describeDatabaseError } from '@/lib/db/errors';

/**
 * A visitor's stream follows their conversations; every member's inbox stream of a workspace shares its scope and
 * follows the conversations of its widgets.
 */
export const visitorScope = (visitorId: string) => `v:${visitorId}`;
const INBOX = 'ws:';
export const inboxScope = (workspaceId: string) => `${INBOX}${workspaceId}`;
/** One member's inbox streams of a workspace: they end when the membership does. */
export const memberGroup = (workspaceId: string, uid: string) => `m:${workspaceId}:${uid}`;
/** The visitors' streams of one widget hear its presence. */
export const widgetGroup = (widgetId: string) => `w:${widgetId}`;

function relay(what: string, work: Promise<unknown>) {
  work.catch((error: Error) => console.error(`conversations: ${what} failed: ${describeDatabaseError(error)}`));
}

/**
 * The least time between two reads of one inbox's unread total. The count reads every unread conversation of the
 * inbox (5,000 in npm run bench), and new messages arrive faster than that under load.
 */
export const UNREAD_GAP_MS = 500;

function createConversationHub(): EventHub {
  /** Sends an inbox's streams the workspace's unread total (the navigation's badge) as it is now. */
  const sendUnread = latestOnly(
    async (scope) => {
      const total = await unreadConversations(scope.slice(INBOX.length));
      hub.push(scope, passingFrame('unread', { total }));
    },
    {
      gapMs: UNREAD_GAP_MS,
      wanted: (scope) => hub.count(scope) > 0,
      failed: (error) => console.error(`conversations: unread total failed: ${describeDatabaseError(error)}`),
    },
  );

  /** What this instance last sent each widget's visitors (a stream that opens later gets the presence of then). */
  const sent = new Map<string, SentPresence>();
  /**
   * Sends the visitors of those of `widgetIds` that have open streams here what they see of the operators now,
   * when it is news to them: it changed, or what they hold would age out before two more refreshes.
   */
  function pushWidgetPresence(widgetIds: string[]) {
    const open = new Set(hub.openGroups());
    for (const id of sent.keys()) if (!open.has(widgetGroup(id))) sent.delete(id);
    for (const id of widgetIds.filter((id) => open.has(widgetGroup(id))))
      relay(
        'presence',
        widgetPresence(id).then((presence) => {
          const now = Date.now();
          if (!presence || !presenceNews(sent.get(id), presence, now, 2 * PRESENCE_REFRESH_MS)) return;
          sent.set(id, { view: presence, at: now });
          hub.pushToGroup(widgetGroup(id), passingFrame('presence', presence));
        }),
      );
  }

  const hub: EventHub = new EventHub('conversations', {
    channel: CONVERSATIONS_CHANNEL,
    notify(payload, hub) {
      const signal = parseSignal(payload);
      if (!signal) return;
      switch (signal.k) {
        case 'm': {
          const inbox = inboxScope(signal.ws);
          if (!signal.e) {
            hub.schedule(visitorScope(signal.v));
            hub.schedule(inbox);
            return;
          }
          const { m, ph, vc, ic } = signal.e;
          hub.offer(visitorScope(signal.v), m.id, () => messageFrame(visitorMessageView(m, ph), vc));
          hub.offer(inbox, m.id, () => messageFrame(m, ic));
          if (hub.count(inbox) > 0) sendUnread(inbox);
          return;
        }
        case 'n': {
          const inbox = inboxScope(signal.ws);
          const note = signal.e;
          if (!note) return hub.schedule(inbox);
          hub.offer(inbox, note.m.id, () => messageFrame(note.m, note.ic));
          return;
        }
        case 't': {
          const frame = passingFrame('typing', { conversationId: signal.c, sender: signal.s, typing: signal.on });
          if (signal.s === 'operator') hub.push(visitorScope(signal.v), frame);
          else hub.push(inboxScope(signal.ws), frame);
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
          const scope = inboxScope(signal.ws);
          hub.push(scope, frame);
          if (signal.s === 'operator' && hub.count(scope) > 0) sendUnread(scope);
          return;
        }
        case 'c': {
          const scope = inboxScope(signal.ws);
          if (hub.count(scope) === 0) return;
          relay(
            'conversation update',
            inboxEntry(signal.c).then((entry) => entry && hub.push(scope, passingFrame('conversation', entry))),
          );
          return;
        }
        case 'l': {
          const scope = inboxScope(signal.ws);
          if (hub.count(scope) === 0) return;
          relay(
            'labels',
            workspaceLabels(signal.ws).then((list) => hub.push(scope, passingFrame('labels', list))),
          );
          return;
        }
        case 'x': {
          // The client learns why its stream ended, and does not resume it (it would get a 404).
          const frame = passingFrame('removed', { workspaceId: signal.ws });
          if (signal.u) hub.endGroup(memberGroup(signal.ws, signal.u), frame);
          else hub.endScope(inboxScope(signal.ws), frame);
          return;
        }
        case 'b':
          hub.push(visitorScope(signal.v), passingFrame('blocked', { blocked: signal.on }));
          return;
        case 'e':
          // The widget reconnects, gets a 401 for the token, and starts a new visitor; inboxes drop the conversations.
          hub.endScope(visitorScope(signal.v), passingFrame('erased', {}));
          hub.push(inboxScope(signal.ws), passingFrame('visitorErased', { visitorId: signal.v }));
          if (hub.count(inboxScope(signal.ws)) > 0) sendUnread(inboxScope(signal.ws));
          return;
        case 'p':
          pushWidgetPresence([signal.w]);
          return;
        case 'o': {
          const scope = inboxScope(signal.ws);
          if (hub.count(scope) > 0)
            relay(
              'teammates',
              teammates(signal.ws).then((members) => hub.push(scope, passingFrame('teammates', members))),
            );
          relay('operators', widgetIdsOf(signal.ws).then(pushWidgetPresence));
          return;
        }
      }
    },
    load(scope, after, limit) {
      if (!scope.startsWith(INBOX)) return visitorEvents(scope.slice(2), after, limit);
      // An inbox's log is read when a stream joins, after new messages and after a lost notification: each
      // may have changed its unread total.
      sendUnread(scope);
      return inboxEvents(scope.slice(INBOX.length), after, limit);
    },
  });
  return hub;
}

// One hub per process, whichever bundle loads this module.
const holder = globalThis as typeof globalThis & { __conversationHub?: EventHub };

export function conversationHub(): EventHub {
  return (holder.__conversationHub ??= createConversationHub());
}
