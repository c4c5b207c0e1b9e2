/**
 * @jest-environment node
 */
import type { ChatEvent } from '@/lib/chat/service';

// The hub's database side, controlled by the test: reads resolve when the test says so.
const reads: Array<{ from: number; resolve: (rows: ChatEvent[]) => void }> = [];
jest.mock('@/lib/chat/service', () => ({
  CHAT_CHANNEL: 'chat_messages',
  eventsAfter: (_room: string, from: number) => new Promise((resolve) => reads.push({ from, resolve })),
}));
let notify: (room: string) => void = () => {};
jest.mock('@/lib/db', () => ({
  listen: async (_channel: string, handlers: { notify: (room: string) => void; resync: () => void }) => {
    notify = handlers.notify;
    return async () => {};
  },
  onDatabaseClose: () => {},
}));

import { chatHub } from '@/lib/chat/hub';

const message = (id: number): ChatEvent => ({
  id,
  message: {
    id,
    room: 'lobby',
    text: `m${id}`,
    createdAt: new Date(0).toISOString(),
    author: { name: 'Ada', avatarUrl: null, guest: true, host: false },
  },
});

function subscriber(lastId: number) {
  const received: number[] = [];
  const decoder = new TextDecoder();
  return {
    received,
    member: {
      scope: 'lobby',
      lastId,
      write: (chunk: Uint8Array) => {
        const id = /^id: (\d+)/.exec(decoder.decode(chunk));
        if (id) received.push(Number(id[1]));
        return true;
      },
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('gives a subscriber that joins during a read every message from its own position, in order', async () => {
  const hub = chatHub();
  const early = subscriber(5);
  await hub.subscribe(early.member);
  await settle();
  reads.shift()!.resolve([]); // nothing after 5 yet
  await settle();

  // Messages 6 and 7 arrive; the read for them is in flight when a late subscriber joins at 5.
  notify('lobby');
  await settle();
  const inFlight = reads.shift()!;
  expect(inFlight.from).toBe(5);
  const late = subscriber(3);
  await hub.subscribe(late.member);
  inFlight.resolve([message(6), message(7)]);
  await settle();
  expect(early.received).toEqual([6, 7]);
  expect(late.received).toEqual([]); // not handed a batch that starts after its position

  const next = reads.shift()!;
  expect(next.from).toBe(3);
  next.resolve([message(4), message(5), message(6), message(7)]);
  await settle();
  expect(late.received).toEqual([4, 5, 6, 7]);
  expect(early.received).toEqual([6, 7]); // nothing twice
});
