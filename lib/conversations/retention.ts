import 'server-only';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { VISITOR_TOKEN_TTL_MS } from './visitor/token';
import { TRANSCRIPT_LINK_TTL_MS } from './visitor/transcript';

/**
 * Deletes what the widgets' retention says is due: closed conversations (with their messages) closed
 * more than the widget's `retention_days` ago, and anonymous visitors without a conversation whose
 * token has expired; and transcript requests whose link has expired. Idempotent: any instance may run it
 * at any time.
 */
export async function applyRetention(): Promise<{ conversations: number; visitors: number }> {
  const db = await database();
  const closed = await db.execute(sql`
    delete from conversations c using widgets w
    where w.id = c.widget_id and w.retention_days is not null and c.status = 'closed'
      and c.closed_at < now() - make_interval(days => w.retention_days)
    returning c.id`);
  const stale = await db.execute(sql`
    delete from visitors v
    where v.user_id is null and v.last_seen_at < now() - ${`${VISITOR_TOKEN_TTL_MS} milliseconds`}::interval
      and not exists (select 1 from conversations c where c.visitor_id = v.id)
    returning v.id`);
  await db.execute(sql`
    delete from transcript_requests
    where created_at < now() - ${`${TRANSCRIPT_LINK_TTL_MS} milliseconds`}::interval`);
  const count = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? []).length;
  return { conversations: count(closed), visitors: count(stale) };
}
