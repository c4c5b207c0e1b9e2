import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { database, onDatabaseClose } from '@/lib/db';
import { leaseHolders, streamLeases } from '@/lib/db/schema';
import { describeDatabaseError } from '@/lib/db/errors';
import { ApiError, type ApiErrorCode } from '@/lib/api/errors';
import { sweepLimitsRegularly } from './sweep';

/** How long a process's slots stay taken without a renewal: what a process that died holds, at most. */
export const LEASE_TTL_MS = 30_000;
/** How often a process renews its slots (three chances before they expire). */
const RENEW_MS = 10_000;
/** Retry-After of a refused stream: the client's reconnect backoff is about as long. */
const REFUSED_RETRY_SECONDS = 10;

/** `unreleased`: slots of ended streams whose release failed (the database away), released with the next renewal. */
type Leases = { holder: string; held: Set<string>; unreleased: Set<string>; timer: NodeJS.Timeout | null };
// This process as a holder of slots, whichever bundle took them.
const state = globalThis as typeof globalThis & { __streamLeases?: Leases };
const leases = (state.__streamLeases ??= {
  holder: randomUUID(),
  held: new Set(),
  unreleased: new Set(),
  timer: null,
});

const expiry = sql`now() + ${LEASE_TTL_MS}::int * interval '1 millisecond'`;

/**
 * Keeps every slot of this process taken for another LEASE_TTL_MS: one row, however many streams it
 * serves (a row per slot would hold PGlite's one connection for every slot, every RENEW_MS), and
 * releases the slots whose release failed before.
 */
export async function renewLeases(): Promise<void> {
  const db = await database();
  await db
    .insert(leaseHolders)
    .values({ id: leases.holder, expiresAt: expiry })
    .onConflictDoUpdate({ target: leaseHolders.id, set: { expiresAt: expiry } });
  for (const token of leases.unreleased) await release(token);
}

/** Frees the slot of `token`; kept for the next renewal when the database cannot. */
async function release(token: string): Promise<void> {
  try {
    await (await database()).delete(streamLeases).where(eq(streamLeases.token, token));
    leases.unreleased.delete(token);
  } catch (error) {
    leases.unreleased.add(token);
    console.error(`limits: releasing a stream slot failed: ${describeDatabaseError(error)}`);
  }
}

function renewRegularly() {
  if (leases.timer) return;
  leases.timer = setInterval(() => {
    if (leases.held.size === 0 && leases.unreleased.size === 0) {
      clearInterval(leases.timer!);
      leases.timer = null;
      return;
    }
    renewLeases().catch((error: Error) =>
      console.error(`limits: renewing stream slots failed: ${describeDatabaseError(error)}`),
    );
  }, RENEW_MS);
  leases.timer.unref();
}

onDatabaseClose(() => {
  clearInterval(leases.timer ?? undefined);
  leases.timer = null;
});

type Attempt = { slot: number | null; free: boolean };

/**
 * Takes one of `max` slots of `key` by insert: the first its snapshot shows free from a random one on
 * (concurrent takers rarely pick the same, and the probes stay few: about max / free slots). Slots of a
 * holder no longer alive are deleted first. Renews this process's lease in the same statement.
 *
 * Only rows the statement's snapshot shows are judged: a conflicting row committed after it (another
 * taker's, whose holder the snapshot may not show alive yet) is never taken over, only skipped.
 */
async function attempt(bucket: string, key: string, max: number, token: string): Promise<Attempt> {
  const db = await database();
  const me = sql`${leases.holder}::uuid`;
  // This process is alive whatever its row shows: another statement of it may be renewing that row.
  const alive = (slot: SQL) => sql`
    select 1 from stream_leases l
    where l.bucket = ${bucket} and l.key = ${key} and l.slot = ${slot}
      and (l.holder = ${me} or exists (select 1 from lease_holders h where h.id = l.holder and h.expires_at > now()))`;
  const result = await db.execute(sql`
    with holder as (
      insert into lease_holders (id, expires_at) values (${me}, ${expiry})
      on conflict (id) do update set expires_at = excluded.expires_at
      returning id
    ),
    dead as (
      delete from stream_leases l
      where l.bucket = ${bucket} and l.key = ${key} and l.holder <> ${me}
        and not exists (select 1 from lease_holders h where h.id = l.holder and h.expires_at > now())
      returning l.slot
    ),
    free as (
      select 1 + (start + i) % ${max}::int as slot
      from (select floor(random() * ${max}::int)::int as start) as r, generate_series(0, ${max}::int - 1) as i
      where not exists (${alive(sql`1 + (start + i) % ${max}::int`)})
      limit 1
    ),
    taken as (
      insert into stream_leases (bucket, key, slot, token, holder)
      select ${bucket}, ${key}, slot, ${token}::uuid, (select id from holder) from free
      where (select count(*) from dead) >= 0
      on conflict (bucket, key, slot) do nothing
      returning slot
    )
    select (select slot from taken) as slot, exists (select 1 from free) as free`);
  // Both drivers answer `{ rows }`.
  return (result as { rows: Attempt[] }).rows[0];
}

/**
 * Opens one of at most `max` concurrent slots of `key` across every instance; answers its release
 * (idempotent; settles once the slot is free), or throws `code` (a 429). The process renews its slots
 * while it holds any; one that dies leaves them to expire within LEASE_TTL_MS.
 */
export async function takeSlot(
  bucket: string,
  key: string,
  max: number,
  code: ApiErrorCode,
): Promise<() => Promise<void>> {
  sweepLimitsRegularly();
  const token = randomUUID();
  // A slot free in the snapshot but taken meanwhile means someone else got one: after `max` such
  // misses every slot has been taken since, so this ends.
  for (let tries = 0; tries <= max; tries++) {
    const { slot, free } = await attempt(bucket, key, max, token);
    if (!free) break;
    if (slot === null) continue;
    leases.held.add(token);
    renewRegularly();
    let released: Promise<void> | null = null;
    return () => {
      leases.held.delete(token);
      return (released ??= release(token));
    };
  }
  throw new ApiError(code, undefined, REFUSED_RETRY_SECONDS);
}
