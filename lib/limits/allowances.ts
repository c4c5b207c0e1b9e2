import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { ApiError, type ApiErrorCode } from '@/lib/api/errors';
import { sweepLimitsRegularly } from './sweep';

/** At most `max` uses of `key` in a window of `windowMs` that starts with its first use. */
export type Allowance = { bucket: string; key: string; max: number; windowMs: number };

/** Counts one use of `allowance` for each row of `source`, only while its window is not used up. */
const upsert = ({ bucket, key, max, windowMs }: Allowance, source: SQL) => sql`
  insert into rate_limits as r (bucket, key, hits, resets_at)
  select ${bucket}::text, ${key}::text, 1, now() + ${windowMs}::int * interval '1 millisecond' ${source}
  on conflict (bucket, key) do update set
    hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
    resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
  where r.resets_at <= now() or r.hits < ${max}::int
  returning 1`;

const usedUp = ({ bucket, key, max }: Allowance) =>
  sql`(r.bucket = ${bucket}::text and r.key = ${key}::text and r.hits >= ${max}::int)`;

/**
 * Counts one use against every allowance, or none when any is used up: then an ApiError `code` (a 429)
 * whose Retry-After is when the blocking window ends. One statement, shared by every instance: a key's
 * row is updated only while its count is under `max` (checked again on the row's latest version), so of
 * concurrent uses exactly `max` get through. Keys must be what the client cannot choose (a signed id,
 * the address); the narrowest first. `executor`: the caller's transaction.
 */
export async function takeAllowances(
  allowances: Allowance[],
  code: ApiErrorCode = 'rateLimited',
  executor?: Pick<Executor, 'execute'>,
): Promise<void> {
  sweepLimitsRegularly();
  const db = executor ?? (await database());
  const [first, ...rest] = allowances;
  // Each further key is counted only after the one before it; none is when the statement's snapshot shows
  // one of them used up. Only a use racing another for a later key's last place can count in the earlier.
  const guard = rest.length
    ? sql`where not exists (select 1 from rate_limits r where r.resets_at > now() and (${sql.join(rest.map(usedUp), sql` or `)}))`
    : sql``;
  const steps = [
    sql`c0 as (${upsert(first, guard)})`,
    ...rest.map((allowance, i) => sql`${sql.raw(`c${i + 1}`)} as (${upsert(allowance, sql.raw(`from c${i}`))})`),
  ];
  const counted = await db.execute(
    sql`with ${sql.join(steps, sql`, `)} select exists (select 1 from ${sql.raw(`c${rest.length}`)}) as counted`,
  );
  // Both drivers answer `{ rows }`.
  if ((counted as { rows: Array<{ counted: boolean }> }).rows[0].counted) return;
  // Refused (not the hot path): the wait is the end of the latest window that is used up.
  const blocking = await db.execute(sql`
    select ceil(extract(epoch from max(r.resets_at) - now()))::int as wait from rate_limits r
    where r.resets_at > now() and (${sql.join(allowances.map(usedUp), sql` or `)})`);
  const [{ wait }] = (blocking as { rows: Array<{ wait: number | null }> }).rows;
  throw new ApiError(code, undefined, Math.max(1, wait ?? 1));
}

/** One allowance: `takeAllowances` with a single bucket. */
export function takeAllowance(
  bucket: string,
  key: string,
  max: number,
  windowMs: number,
  code: ApiErrorCode = 'rateLimited',
  executor?: Pick<Executor, 'execute'>,
): Promise<void> {
  return takeAllowances([{ bucket, key, max, windowMs }], code, executor);
}
