/**
 * @jest-environment node
 */
// The inbox's unread total (the navigation's badge) under a stream of new messages: read at most once per
// UNREAD_GAP_MS and inbox, and the last total sent is the one after the last message.

// The database side, controlled by the test: the count answers what `unread.total` says when it is read.
const unread = { total: 0, reads: 0 };
jest.mock('@/lib/conversations/inbox/inbox', () => ({
  unreadConversations: async () => {
    unread.reads++;
    return unread.total;
  },
  inboxEntry: async () => null,
}));
jest.mock('@/lib/conversations/log', () => ({
  inboxEvents: async () => [],
  visitorEvents: async () => [],
}));
let notify: (payload: string) => void = () => {};
jest.mock('@/lib/db', () => ({
  database: async () => ({}),
  listen: async (_channel: string, handlers: { notify: (payload: string) => void }) => {
    notify = handlers.notify;
    return async () => {};
  },
  onDatabaseClose: () => {},
}));

import { conversationHub, inboxScope, UNREAD_GAP_MS } from '@/lib/conversations/hub';

// Lets the hub's promises run (reads, pushes) without moving the fake clock.
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('reads the unread total once per gap under a stream of messages, and sends the latest last', async () => {
  const scope = inboxScope('workspace-1');
  const totals: number[] = [];
  const decoder = new TextDecoder();
  await conversationHub().subscribe({
    scope,
    lastId: 0,
    write: (chunk) => {
      const frame = /^event: unread\ndata: (.*)\n/.exec(decoder.decode(chunk));
      if (frame) totals.push(JSON.parse(frame[1]).total);
      return true;
    },
  });
  await settle();
  expect(totals).toEqual([0]); // the stream's join reads it at once

  // Ten new conversations, one after another, each read (and delivered) before the next arrives.
  for (let i = 1; i <= 10; i++) {
    unread.total = i;
    notify(JSON.stringify({ k: 'm', ws: 'workspace-1', v: `visitor-${i}` }));
    await settle();
  }
  expect(unread.reads).toBe(1);
  expect(totals).toEqual([0]);

  await jest.advanceTimersByTimeAsync(UNREAD_GAP_MS);
  await settle();
  expect(unread.reads).toBe(2);
  expect(totals).toEqual([0, 10]);

  // Quiet after that: nothing more is read.
  await jest.advanceTimersByTimeAsync(UNREAD_GAP_MS * 4);
  expect(unread.reads).toBe(2);
});
