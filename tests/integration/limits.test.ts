// The limits every instance shares (lib/limits): counters that decide in one statement at the data,
// stream slots held as leases that expire when their instance stops renewing them, and a sweep of what
// has expired. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL with its pool's concurrency.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { leaseHolders, rateLimits, streamLeases } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { takeAllowance, takeAllowances } from '@/lib/limits/allowances';
import { LEASE_TTL_MS, renewLeases, takeSlot } from '@/lib/limits/leases';
import { sweepLimits } from '@/lib/limits/sweep';

/** A key of this test's own: the database outlives a run on PostgreSQL. */
const unique = (name: string) => `${name}-${randomBytes(6).toString('hex')}`;
const MINUTE = 60_000;

async function refusal(taking: Promise<unknown>): Promise<ApiError> {
  const error = await taking.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

async function hitsOf(bucket: string, key: string) {
  const db = await database();
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key)));
  return row?.hits ?? 0;
}

/**
 * Another instance holding `slots` of `key`, alive for now; answers its id and what makes it die (it
 * stops renewing: its lease ends).
 */
async function otherInstance(key: string, slots: number[]) {
  const holder = randomUUID();
  const db = await database();
  await db
    .insert(leaseHolders)
    .values({ id: holder, expiresAt: sql`now() + ${LEASE_TTL_MS} * interval '1 millisecond'` });
  await db
    .insert(streamLeases)
    .values(slots.map((slot) => ({ bucket: 'test', key, slot, token: randomUUID(), holder })));
  const dies = async () => {
    await db
      .update(leaseHolders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(leaseHolders.id, holder));
  };
  return [holder, dies] as const;
}

async function slotsOf(key: string) {
  const db = await database();
  return db.select().from(streamLeases).where(eq(streamLeases.key, key));
}

describe('allowances', () => {
  it('refuses the use past the limit with the wait until its window ends', async () => {
    const key = unique('poster');
    for (let i = 0; i < 3; i++) await takeAllowance('test', key, 3, 10 * MINUTE);
    const refused = await refusal(takeAllowance('test', key, 3, 10 * MINUTE, 'tooManyVisitors'));
    expect(refused.code).toBe('tooManyVisitors');
    expect(refused.retryAfterSeconds).toBeGreaterThan(9 * 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(10 * 60);
    expect(await hitsOf('test', key)).toBe(3);
  });

  it('counts a use in every allowance or in none: a refused visitor does not use up their address', async () => {
    const address = unique('address');
    const first = unique('visitor');
    const both = (visitor: string) =>
      takeAllowances([
        { bucket: 'test-visitor', key: visitor, max: 2, windowMs: MINUTE },
        { bucket: 'test-address', key: address, max: 4, windowMs: MINUTE },
      ]);
    await both(first);
    await both(first);
    for (let i = 0; i < 5; i++) expect((await refusal(both(first))).code).toBe('rateLimited');
    expect(await hitsOf('test-address', address)).toBe(2);
    // Another visitor of that address still has the rest of the address's allowance, and no more.
    const second = unique('visitor');
    await both(second);
    await both(second);
    const refused = await refusal(both(unique('visitor')));
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await hitsOf('test-address', address)).toBe(4);
  });

  it('lets exactly the limit through of many uses at once', async () => {
    const key = unique('burst');
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => takeAllowance('test', key, 10, MINUTE)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'rateLimited' });
    expect(await hitsOf('test', key)).toBe(10);
  });

  it('counts afresh once the window has ended', async () => {
    const key = unique('window');
    await takeAllowance('test', key, 1, MINUTE);
    await refusal(takeAllowance('test', key, 1, MINUTE));
    const db = await database();
    // The window ended a moment ago (as if a minute had passed).
    await db
      .update(rateLimits)
      .set({ resetsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, key));
    await takeAllowance('test', key, 1, MINUTE);
    expect(await hitsOf('test', key)).toBe(1);
  });
});

describe('stream slots', () => {
  it('holds at most the limit open at once, however many ask together; a release frees one, once', async () => {
    const key = unique('streams');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, () => takeSlot('test', key, 8, 'tooManyStreams')),
    );
    const held = outcomes
      .filter((o) => o.status === 'fulfilled')
      .map((o) => (o as PromiseFulfilledResult<() => Promise<void>>).value);
    expect(held).toHaveLength(8);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({
        code: 'tooManyStreams',
        retryAfterSeconds: 10,
      });
    expect(new Set((await slotsOf(key)).map((row) => row.slot))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));

    await held[0]();
    await held[0]();
    expect(await slotsOf(key)).toHaveLength(7);
    const again = await takeSlot('test', key, 8, 'tooManyStreams');
    await refusal(takeSlot('test', key, 8, 'tooManyStreams'));
    await Promise.all([...held.slice(1), again].map((release) => release()));
    expect(await slotsOf(key)).toHaveLength(0);
  });

  it('frees the slots of an instance that stopped renewing them once its lease has expired', async () => {
    const key = unique('streams');
    const [other, dead] = await otherInstance(key, [1, 2, 3]);
    await refusal(takeSlot('test', key, 3, 'tooManyStreams'));
    // Renewing here moves nothing of another instance.
    const mine = await takeSlot('test', unique('streams'), 1, 'tooManyStreams');
    await renewLeases();
    await mine();
    await refusal(takeSlot('test', key, 3, 'tooManyStreams'));

    // That instance died: no renewal for longer than the lease. Its three slots are free again.
    await dead();
    const releases = [];
    for (let i = 0; i < 3; i++) releases.push(await takeSlot('test', key, 3, 'tooManyStreams'));
    expect((await slotsOf(key)).filter((row) => row.holder === other)).toEqual([]);
    await refusal(takeSlot('test', key, 3, 'tooManyStreams'));
    await Promise.all(releases.map((release) => release()));
  });

  it('renews this process’s lease while its streams are open', async () => {
    const key = unique('streams');
    const release = await takeSlot('test', key, 2, 'tooManyStreams');
    const [{ holder }] = await slotsOf(key);
    const db = await database();
    await db
      .update(leaseHolders)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(leaseHolders.id, holder));
    await renewLeases();
    const [{ left }] = (
      (await db.execute(
        sql`select extract(epoch from expires_at - now()) * 1000 as left from lease_holders where id = ${holder}`,
      )) as unknown as { rows: Array<{ left: string }> }
    ).rows;
    expect(Number(left)).toBeGreaterThan(LEASE_TTL_MS - 5_000);
    await release();
  });
});

it('sweeps counters whose window has ended and the slots and holders whose lease has expired, and nothing else', async () => {
  const [ended, running] = [unique('ended'), unique('running')];
  await takeAllowance('test', ended, 5, MINUTE);
  await takeAllowance('test', running, 5, MINUTE);
  const stale = unique('streams');
  const live = unique('streams');
  const release = await takeSlot('test', live, 1, 'tooManyStreams');
  const db = await database();
  await db
    .update(rateLimits)
    .set({ resetsAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, ended));
  const [gone, dies] = await otherInstance(stale, [1]);
  await dies();
  await sweepLimits();
  expect(await hitsOf('test', ended)).toBe(0);
  expect(await hitsOf('test', running)).toBe(1);
  expect(await slotsOf(stale)).toHaveLength(0);
  expect(await db.select().from(leaseHolders).where(eq(leaseHolders.id, gone))).toHaveLength(0);
  expect(await slotsOf(live)).toHaveLength(1);
  await release();
});
