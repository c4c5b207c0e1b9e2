import 'server-only';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { database, onDatabaseClose } from '@/lib/db';
import { visitors } from '@/lib/db/schema';
import { clientAddress } from '@/lib/api/request';
import { parseEventId } from '@/lib/chat/schema';
import { takeStreamSlot, takeVisitorStreamSlot } from '@/lib/chat/limits';
import { passingFrame } from '@/lib/realtime/hub';
import { requestedLastEventId, type EventStreamStart } from '@/lib/realtime/sse';
import { requireActor } from '@/lib/session/server';
import { requireMember } from '@/lib/workspaces/access';
import { conversationHub, inboxScope, visitorScope, widgetGroup } from './hub';
import { giveOutWaiting } from './assignment';
import { beat, teammates, widgetPresence } from './operators';
import { latestMessageId } from './log';
import { VISITOR_LEFT_MS } from './notify';
import { signal } from './signal';
import { requireVisitor } from './visitors';
import { describeDatabaseError } from '@/lib/db/errors';

/** How often open streams say, at the data, that their party is still there. */
const PRESENCE_REFRESH_MS = 20_000;

type InboxStream = { id: string; workspaceId: string; uid: string };
type Present = {
  visitors: Map<string, number>;
  /** Open inbox streams by their heartbeat's id. */
  operators: Map<string, InboxStream>;
  timer: NodeJS.Timeout | null;
};
const holder = globalThis as typeof globalThis & { __conversationPresence?: Present };
const present = (holder.__conversationPresence ??= { visitors: new Map(), operators: new Map(), timer: null });

/**
 * Renews the heartbeats of open inboxes, and tells their workspaces' inboxes and visitors the operators'
 * presence (which also ages out there); conversations waiting for an available operator are given out.
 */
async function refreshOperators(streams: InboxStream[]) {
  await beat(streams);
  const db = await database();
  for (const workspaceId of new Set(streams.map((stream) => stream.workspaceId))) {
    await signal(db, { k: 'o', ws: workspaceId });
    await giveOutWaiting(workspaceId);
  }
}

async function refreshVisitors(ids: string[]) {
  if (ids.length === 0) return;
  await (await database()).update(visitors).set({ lastSeenAt: new Date() }).where(inArray(visitors.id, ids));
}

function refreshAll() {
  const work = [refreshVisitors([...present.visitors.keys()]), refreshOperators([...present.operators.values()])];
  Promise.all(work).catch((error: Error) =>
    console.error(`conversations: presence refresh failed: ${describeDatabaseError(error)}`),
  );
}

// The refresh stops with the database (shutdown, the end of a test file).
onDatabaseClose(() => {
  clearInterval(present.timer ?? undefined);
  present.timer = null;
});

function ensureRefresh() {
  if (present.timer) return;
  present.timer = setInterval(() => {
    if (present.visitors.size === 0 && present.operators.size === 0) {
      clearInterval(present.timer!);
      present.timer = null;
      return;
    }
    refreshAll();
  }, PRESENCE_REFRESH_MS);
  present.timer.unref();
}

function lastEventId(request: NextRequest) {
  return parseEventId(requestedLastEventId(request));
}

/**
 * GET /api/widgets/:id/events: the visitor's stream (bearer token, 401 otherwise): their conversations'
 * messages from Last-Event-ID on, typing and "seen" of the team, the widget's presence. While it is open
 * the visitor counts as present; when their last stream ends, as left (replies then go by e-mail).
 */
export async function beginVisitorStream(request: NextRequest, widgetId: string): Promise<EventStreamStart> {
  const { widget, visitor } = await requireVisitor(request, widgetId);
  const after = lastEventId(request) ?? (await latestMessageId());
  const presence = await widgetPresence(widget.id);
  const release = await takeVisitorStreamSlot(widget.id, clientAddress(request));
  present.visitors.set(visitor.id, (present.visitors.get(visitor.id) ?? 0) + 1);
  ensureRefresh();
  await refreshVisitors([visitor.id]).catch(() => {});
  return {
    hub: conversationHub(),
    scope: visitorScope(visitor.id),
    group: widgetGroup(widget.id),
    after,
    initial: presence ? [passingFrame('presence', presence)] : [],
    release: () => {
      release();
      const left = (present.visitors.get(visitor.id) ?? 1) - 1;
      if (left > 0) return present.visitors.set(visitor.id, left);
      present.visitors.delete(visitor.id);
      void database()
        .then((db) =>
          db
            .update(visitors)
            .set({ lastSeenAt: sql`now() - ${`${VISITOR_LEFT_MS} milliseconds`}::interval` })
            .where(inArray(visitors.id, [visitor.id])),
        )
        .catch(() => {});
    },
  };
}

/**
 * GET /api/workspaces/:wid/inbox/events: a member's inbox stream (session; 404 for anyone else): messages
 * of every conversation of the workspace's widgets from Last-Event-ID on, new conversations among them,
 * typing and "seen" of visitors, teammates' presence. While it is open its heartbeat keeps the member
 * available (lib/conversations/operators.ts); when it ends the heartbeat ages out within the grace.
 */
export async function beginInboxStream(request: NextRequest, workspaceId: string): Promise<EventStreamStart> {
  const actor = await requireActor(request);
  await requireMember(actor, workspaceId);
  const after = lastEventId(request) ?? (await latestMessageId());
  const release = await takeStreamSlot(clientAddress(request));
  const stream = { id: randomUUID(), workspaceId, uid: actor.uid };
  present.operators.set(stream.id, stream);
  ensureRefresh();
  await refreshOperators([stream]).catch((error: Error) =>
    console.error(`conversations: presence failed: ${describeDatabaseError(error)}`),
  );
  return {
    hub: conversationHub(),
    scope: inboxScope(workspaceId),
    after,
    initial: [passingFrame('teammates', await teammates(workspaceId))],
    release: () => {
      release();
      present.operators.delete(stream.id);
    },
  };
}
