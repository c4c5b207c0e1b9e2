import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { database, onDatabaseClose } from '@/lib/db';
import { leaseHolders, rateLimits } from '@/lib/db/schema';
import { describeDatabaseError } from '@/lib/db/errors';

/** How often each instance deletes the limits' expired rows (a row is reused by its key before that). */
const SWEEP_MS = 10 * 60_000;

const holder = globalThis as typeof globalThis & { __limitsSweep?: NodeJS.Timeout | null };

/** Deletes counters whose window has ended, and slots and holders whose lease has expired (idempotent). */
export async function sweepLimits(): Promise<void> {
  const db = await database();
  await db.delete(rateLimits).where(lt(rateLimits.resetsAt, sql`now()`));
  await db.execute(sql`
    delete from stream_leases l
    where not exists (select 1 from lease_holders h where h.id = l.holder and h.expires_at > now())`);
  await db.delete(leaseHolders).where(lt(leaseHolders.expiresAt, sql`now()`));
}

/** Starts the sweep of this process (from its first use of a limit): a timer, not a cost per request. */
export function sweepLimitsRegularly(): void {
  if (holder.__limitsSweep) return;
  holder.__limitsSweep = setInterval(
    () => sweepLimits().catch((error: Error) => console.error(`limits: sweep failed: ${describeDatabaseError(error)}`)),
    SWEEP_MS,
  );
  holder.__limitsSweep.unref();
}

onDatabaseClose(() => {
  clearInterval(holder.__limitsSweep ?? undefined);
  holder.__limitsSweep = null;
});
