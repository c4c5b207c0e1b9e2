// Conversations for the reports' tests, written by SQL at chosen times (the API stamps them now).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';

export type Seeded = {
  widgetId: string;
  workspaceId: string;
  createdAt: string;
  replyAt?: string;
  closedAt?: string;
  assignee?: string;
  visitorName?: string;
};

/** One conversation with a visitor message at its start, an operator answer at `replyAt`, closed at `closedAt`. */
export async function seedConversation(seeded: Seeded): Promise<string> {
  const db = await database();
  const id = randomUUID();
  const visitorId = `report-v-${id}`;
  await db.execute(sql`insert into visitors (id, widget_id, name, email, locale)
    values (${visitorId}, ${seeded.widgetId}, ${seeded.visitorName ?? null}, null, 'en')`);
  await db.execute(sql`insert into conversations (id, widget_id, workspace_id, visitor_id, status, request_key, locale,
      created_at, last_message_at, closed_at, assignee_uid)
    values (${id}, ${seeded.widgetId}, ${seeded.workspaceId}, ${visitorId}, ${seeded.closedAt ? 'closed' : 'open'},
      ${id}, 'en', ${seeded.createdAt}, ${seeded.createdAt}, ${seeded.closedAt ?? null}, ${seeded.assignee ?? null})`);
  await db.execute(sql`insert into conversation_messages (conversation_id, widget_id, sender, body, created_at)
    values (${id}, ${seeded.widgetId}, 'visitor', 'Hello', ${seeded.createdAt})`);
  if (seeded.replyAt)
    await db.execute(sql`insert into conversation_messages (conversation_id, widget_id, sender, author_uid, author_name,
        body, created_at)
      values (${id}, ${seeded.widgetId}, 'operator', ${seeded.assignee ?? null}, 'Ada', 'Hi', ${seeded.replyAt})`);
  return id;
}

/**
 * `count` conversations of the widget, one a minute from `start` (UTC), each answered after 2 minutes and every
 * other one closed after 10, in three statements; visitor names from `names` in turn.
 */
export async function seedMany(
  place: { widgetId: string; workspaceId: string },
  count: number,
  start: string,
  names: string[],
) {
  const db = await database();
  const list = sql.raw(`array[${names.map((name) => `'${name.replaceAll("'", "''")}'`).join(',')}]`);
  const at = sql`(${start}::timestamptz + n * interval '1 minute')`;
  const conversation = sql`(overlay(overlay(md5(${place.widgetId}::text || n) placing '4' from 13) placing '8' from 17)::uuid)`;
  await db.execute(sql`insert into visitors (id, widget_id, name, locale)
    select ${place.widgetId}::text || '-v' || n, ${place.widgetId}, (${list})[1 + n % ${names.length}], 'de'
    from generate_series(1, ${count}) n`);
  await db.execute(sql`insert into conversations (id, widget_id, workspace_id, visitor_id, status, request_key, locale,
      created_at, last_message_at, closed_at)
    select ${conversation}, ${place.widgetId}, ${place.workspaceId}, ${place.widgetId}::text || '-v' || n,
      case when n % 2 = 0 then 'closed' else 'open' end, 'bulk-' || n, 'de', ${at}, ${at},
      case when n % 2 = 0 then ${at} + interval '10 minutes' end
    from generate_series(1, ${count}) n`);
  await db.execute(sql`insert into conversation_messages (conversation_id, widget_id, sender, author_name, body, created_at)
    select ${conversation}, ${place.widgetId}, 'operator', 'Ada', 'Hi', ${at} + interval '2 minutes'
    from generate_series(1, ${count}) n`);
}
