/**
 * @jest-environment node
 */
// A stream's first frames (the inbox's teammates) go out only once the hub listens for it: a client that has them
// is sure to hear the next pushed frame (a conversation's update, which no log replays); before, one pushed in
// between was lost (tests/integration/ratings.test.ts failed one run in six on PostgreSQL).
jest.mock('@/lib/db', () => ({ listen: async () => async () => {}, onDatabaseClose: () => {} }));
jest.mock('@/lib/env', () => ({ env: { chat: { heartbeatMs: 15_000 } } }));

import type { EventHub, Subscriber } from '@/lib/realtime/hub';
import { webEventStream } from '@/lib/realtime/sse';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

it('writes the initial frames once the hub has the stream, before anything it pushes', async () => {
  let subscribed: (stop: () => void) => void = () => {};
  let subscriber: Subscriber | undefined;
  const hub = {
    subscribe: (member: Subscriber) => {
      subscriber = member;
      return new Promise<() => void>((resolve) => (subscribed = resolve));
    },
  } as unknown as EventHub;
  const stream = webEventStream(
    {
      hub,
      scope: 'inbox:w1',
      after: 0,
      release: () => {},
      initial: [encoder.encode('event: teammates\ndata: []\n\n')],
    },
    new AbortController().signal,
  );
  const reader = stream.getReader();
  const text = async () => decoder.decode((await reader.read()).value);

  expect(await text()).toContain(': connected'); // the hello, at once
  let initial = '';
  const read = text().then((chunk) => (initial = chunk));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(initial).toBe('');

  subscribed(() => {});
  await read;
  expect(initial).toBe('event: teammates\ndata: []\n\n');
  subscriber!.write(encoder.encode('event: conversation\ndata: {}\n\n'));
  expect(await text()).toBe('event: conversation\ndata: {}\n\n');
  await reader.cancel();
});
