import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { billingClock } from '@/lib/db/schema';
import { env } from '@/lib/env';

const DAY_SECONDS = 24 * 60 * 60;

/** Without a Stripe key the engine of lib/billing/local bills the subscriptions (the local test checkout's cards). */
export function billsLocally(): boolean {
  return !env.stripe.secretKey;
}

/** The test clock exists in local mode only: no Stripe key, and never with a real Firebase project. */
export function hasTestClock(): boolean {
  return billsLocally() && env.firebase.mode === 'emulator';
}

/**
 * Billing time as SQL: the database's now() plus the test clock's offset (with the test clock only; Stripe keeps its
 * own time). Every instance reads the same row, so they all bill at the same moment.
 */
export function billingNowSql(): SQL<Date> {
  if (!hasTestClock()) return sql<Date>`now()`;
  return sql<Date>`(now() + make_interval(secs => coalesce((select ${billingClock.offsetSeconds} from ${billingClock} where ${billingClock.id} = 1), 0)))`;
}

/** Billing time now, as a Date. */
export async function billingNow(executor?: Executor): Promise<Date> {
  const db = executor ?? (await database());
  const result = await db.execute(sql`select ${billingNowSql()} as now`);
  return new Date((result as unknown as { rows: Array<{ now: string | Date }> }).rows[0].now);
}

/** Moves the test clock `days` ahead (several advances at once add up: one statement each) and answers billing time. */
export async function advanceClock(days: number): Promise<Date> {
  const db = await database();
  const seconds = days * DAY_SECONDS;
  await db
    .insert(billingClock)
    .values({ id: 1, offsetSeconds: seconds })
    .onConflictDoUpdate({
      target: billingClock.id,
      set: { offsetSeconds: sql`${billingClock.offsetSeconds} + ${seconds}`, updatedAt: sql`now()` },
    });
  return billingNow(db);
}
