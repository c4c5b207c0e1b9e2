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
import { Turns } from '@/lib/realtime/turns';
import { requestedLastEventId, type EventStreamStart } from '@/lib/realtime/sse';
import { requireSignedInUser } from '@/lib/session/server';
import { requirePermission } from '@/lib/workspaces/permissions';
import { conversationHub, inboxScope, memberGroup, visitorScope, widgetGroup } from './hub';
import { giveOutWaiting } from './assignment';
import { beat, closeDashboard, openDashboard, renewDashboards, teammates, widgetPresence } from './operators';
import { latestMessageId } from './log';
import { VISITOR_LEFT_MS } from './notify';
import { PRESENCE_REFRESH_MS } from './constants';
import { signal } from './signal';
import { requireVisitor } from './visitor/visitors';
import { describeDatabaseError } from '@/lib/db/errors';

/** The visitors are marked in this many turns of a refresh, one turn a tick, so that no turn holds PGlite long. */
const VISITOR_TURNS = 20;

type InboxStream = { id: string; workspaceId: string; uid: string };
type Present = {
  /** Open streams by visitor. */
  visitors: Map<string, number>;
  /** The visitors with an open stream, by the tick of the refresh that marks them. */
  visitorTurns: Turns<string>;
  /** Open inbox streams by their heartbeat's id. */
  operators: Map<string, InboxStream>;
  /** The dashboard streams open here (their rows in dashboard_streams). */
  dashboards: Set<string>;
  timer: NodeJS.Timeout | null;
};
const holder = globalThis as typeof globalThis & { __conversationPresence?: Present };
const present = (holder.__conversationPresence ??= {
  visitors: new Map(),
  visitorTurns: new Turns(VISITOR_TURNS),
  operators: new Map(),
  dashboards: new Set(),
  timer: null,
});

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

/**
 * Visitors one statement of the refresh marks. PGlite runs one statement at a time: one for 5,000 visitors held it
 * for 100–500 ms every 20 s, and every message waited behind it (npm run bench).
 */
export const REFRESH_CHUNK = 100;

/**
 * `ids` in chunks of `size`; when there are several, the last one is filled up with its first id, so that every
 * chunk is one statement text with one kept plan (a new length would prepare a new statement).
 */
export function fullChunks(ids: string[], size: number): string[][] {
  if (ids.length <= size) return ids.length ? [ids] : [];
  const chunks = [];
  for (let i = 0; i < ids.length; i += size) {
    const chunk = ids.slice(i, i + size);
    chunks.push(chunk.concat(Array<string>(size - chunk.length).fill(chunk[0])));
  }
  return chunks;
}

async function refreshVisitors(ids: string[]) {
  if (ids.length === 0) return;
  const db = await database();
  const now = new Date();
  for (const chunk of fullChunks(ids, REFRESH_CHUNK))
    await db.update(visitors).set({ lastSeenAt: now }).where(inArray(visitors.id, chunk));
}

/** One tick of the refresh: a turn's visitors; once a period, the inboxes and dashboards too. */
function refreshTurn(tick: number) {
  const work = [refreshVisitors(present.visitorTurns.due(tick))];
  if (tick % VISITOR_TURNS === 0)
    work.push(renewDashboards([...present.dashboards]), refreshOperators([...present.operators.values()]));
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
  let tick = 0;
  present.timer = setInterval(() => {
    if (present.visitors.size === 0 && present.operators.size === 0) {
      clearInterval(present.timer!);
      present.timer = null;
      return;
    }
    refreshTurn(tick++);
  }, PRESENCE_REFRESH_MS / VISITOR_TURNS);
  present.timer.unref();
}

function lastEventId(request: NextRequest) {
  return parseEventId(requestedLastEventId(request));
}

/**
 * GET /api/widgets/:id/events: the visitor's stream (bearer token, 401 otherwise): their conversations'
 * messages from Last-Event-ID on, typing and "seen" of the operators, the widget's presence. While it is open
 * the visitor counts as present; when their last stream ends, as left (replies then go by e-mail).
 */
export async function beginVisitorStream(request: NextRequest, widgetId: string): Promise<EventStreamStart> {
  const { widget, visitor } = await requireVisitor(request, widgetId);
  const after = lastEventId(request) ?? (await latestMessageId());
  const presence = await widgetPresence(widget.id);
  const release = await takeVisitorStreamSlot(widget.id, clientAddress(request));
  present.visitors.set(visitor.id, (present.visitors.get(visitor.id) ?? 0) + 1);
  present.visitorTurns.add(visitor.id);
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
      present.visitorTurns.delete(visitor.id);
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
 * GET /api/workspaces/:wid/inbox/events: a member's dashboard stream (session; 404 for anyone else; every
 * dashboard page, one per tab): messages of every conversation of the workspace's widgets from Last-Event-ID
 * on, new conversations among them, typing and "seen" of visitors, teammates' presence. While it is open its
 * heartbeat keeps the member available (lib/conversations/operators.ts; when it ends the heartbeat ages out
 * within the grace) and the member has a dashboard open (no e-mail alerts).
 */
export async function beginInboxStream(request: NextRequest, workspaceId: string): Promise<EventStreamStart> {
  const operator = await requireSignedInUser(request);
  await requirePermission(operator, workspaceId, 'inbox.read');
  const after = lastEventId(request) ?? (await latestMessageId());
  const release = await takeStreamSlot(clientAddress(request));
  const stream = { id: randomUUID(), workspaceId, uid: operator.uid };
  present.operators.set(stream.id, stream);
  ensureRefresh();
  const [dashboard] = await Promise.all([
    openDashboard(operator.uid).catch((error: Error) => {
      console.error(`conversations: dashboard mark failed: ${describeDatabaseError(error)}`);
      return null;
    }),
    refreshOperators([stream]).catch((error: Error) =>
      console.error(`conversations: presence failed: ${describeDatabaseError(error)}`),
    ),
  ]);
  if (dashboard) present.dashboards.add(dashboard);
  return {
    hub: conversationHub(),
    scope: inboxScope(workspaceId),
    group: memberGroup(workspaceId, operator.uid),
    after,
    initial: [passingFrame('teammates', await teammates(workspaceId))],
    release: () => {
      release();
      present.operators.delete(stream.id);
      if (!dashboard) return;
      present.dashboards.delete(dashboard);
      closeDashboard(dashboard).catch(() => {});
    },
  };
}
