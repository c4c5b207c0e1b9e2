/**
 * @jest-environment node
 */
// An open stream's heartbeat comes once a period, but the hub writes them in turns, a fifteenth of its streams a
// tick: at 5,000 open streams, writing every heartbeat at once held the event loop for about 50 ms (npm run bench).
jest.mock('@/lib/db', () => ({ listen: async () => async () => {}, onDatabaseClose: () => {} }));
jest.mock('@/lib/env', () => ({ env: { chat: { heartbeatMs: 15_000 } } }));

import { EventHub, type Subscriber } from '@/lib/realtime/hub';

const decoder = new TextDecoder();

function streams(count: number) {
  const beats = Array<number>(count).fill(0);
  const subscribers: Subscriber[] = beats.map((_, i) => ({
    scope: `s${i % 7}`,
    lastId: 0,
    write: (chunk) => {
      if (decoder.decode(chunk).startsWith(': heartbeat')) beats[i]++;
      return true;
    },
  }));
  return { beats, subscribers };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('writes each stream one heartbeat a period, a turn of them at a time', async () => {
  const hub = new EventHub('test', { channel: 'test', notify: () => {}, load: async () => [] });
  const { beats, subscribers } = streams(300);
  for (const subscriber of subscribers) await hub.subscribe(subscriber);

  await jest.advanceTimersByTimeAsync(1_000);
  expect(beats.filter((count) => count === 1)).toHaveLength(20);
  expect(beats.filter((count) => count > 1)).toHaveLength(0);

  await jest.advanceTimersByTimeAsync(14_000);
  expect(beats.every((count) => count === 1)).toBe(true);
  await jest.advanceTimersByTimeAsync(15_000);
  expect(beats.every((count) => count === 2)).toBe(true);
});

it('stops the heartbeat of a stream that can take no more', async () => {
  const hub = new EventHub('test', { channel: 'test', notify: () => {}, load: async () => [] });
  let beats = 0;
  await hub.subscribe({ scope: 'gone', lastId: 0, write: () => (beats++, false) });
  await jest.advanceTimersByTimeAsync(45_000);
  expect(beats).toBe(1);
  expect(hub.count()).toBe(0);
});
