// The app's part of a server's drain on SIGTERM (server/drain.mjs): every open event stream is told to
// reconnect elsewhere and ended, its slot freed at once; a stream opened afterwards (over a connection kept
// alive from before) goes the same way. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { GET as events } from '@/app/api/chat/[room]/events/route';
import { database } from '@/lib/db';
import { chatRooms, streamLeases } from '@/lib/db/schema';
import { chatHub } from '@/lib/chat/hub';
import { endEventStreams } from '@/lib/realtime/sse';
import { uniqueAddress } from '../support/addresses';
import { sseReader, until } from '../support/sse';
import { ORIGIN } from './signed-in';

async function subscribe(room: string, address: string) {
  const request = new NextRequest(`${ORIGIN}/api/chat/${room}/events`, { headers: { 'x-forwarded-for': address } });
  const response = await events(request, { params: Promise.resolve({ room }) });
  expect(response.status).toBe(200);
  return sseReader(response.body!);
}

async function slotsOf(address: string) {
  const db = await database();
  const rows = await db
    .select()
    .from(streamLeases)
    .where(and(eq(streamLeases.bucket, 'streams'), eq(streamLeases.key, address)));
  return rows.length;
}

it('tells every open stream to reconnect and ends it, frees its slot, and ends streams opened later at once', async () => {
  const room = randomBytes(12).toString('base64url');
  await (await database()).insert(chatRooms).values({ id: room });
  const address = uniqueAddress();
  const open = [await subscribe(room, address), await subscribe(room, address)];
  await until(() => chatHub().count(room), 2);
  expect(await slotsOf(address)).toBe(2);

  expect(endEventStreams()).toBe(2);
  for (const stream of open) {
    expect(await stream.ended()).toBe(true);
    // The hello's reconnection time, then the drain's: spread over two seconds after the usual second.
    const [hello, last] = stream.retries;
    expect(hello).toBe(1_000);
    expect(last).toBeGreaterThanOrEqual(1_000);
    expect(last).toBeLessThan(3_000);
  }
  expect(chatHub().count(room)).toBe(0);
  await until(() => slotsOf(address), 0);

  const late = await subscribe(room, address);
  expect(await late.ended()).toBe(true);
  expect(late.retries).toHaveLength(2);
  await until(() => slotsOf(address), 0);
  expect(chatHub().count(room)).toBe(0);
});
