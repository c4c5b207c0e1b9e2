/**
 * @jest-environment node
 */
// A new message carried in its NOTIFY's payload reaches the streams without a read of the log, and only when
// they are known to have every earlier event; otherwise (a read still running, a failed read, a payload that
// did not fit) the log is read. Either way: every message once, in id order.

// The log, controlled by the test: each read resolves (or fails) when the test says so.
const reads: Array<{ scope: string; after: number; resolve: (ids: number[]) => void; reject: () => void }> = [];
jest.mock('@/lib/conversations/log', () => {
  const actual = jest.requireActual('@/lib/conversations/log');
  const read = (scope: string) => (id: string, after: number) =>
    new Promise((resolve, reject) =>
      reads.push({
        scope: `${scope}${id}`,
        after,
        resolve: (ids) => resolve(ids.map((n) => ({ id: n, frame: actual.messageFrame(view(n), {}) }))),
        reject: () => reject(new Error('connection terminated')),
      }),
    );
  return { messageFrame: actual.messageFrame, visitorEvents: read('v:'), inboxEvents: read('ws:') };
});
jest.mock('@/lib/conversations/inbox/inbox', () => ({
  unreadConversations: async () => 0,
  inboxEntry: async () => null,
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

import { conversationHub, inboxScope, visitorScope } from '@/lib/conversations/hub';

const view = (id: number) => ({
  id,
  conversationId: 'c1',
  sender: 'visitor',
  authorName: null,
  text: `m${id}`,
  createdAt: new Date(0).toISOString(),
});
/** The NOTIFY of message `id` of visitor `visitor` in workspace ws1, with the message or (`bare`) without. */
const message = (visitor: string, id: number, bare = false) =>
  notify(
    JSON.stringify({
      k: 'm',
      ws: 'ws1',
      v: visitor,
      ...(!bare && { e: { m: view(id), vc: { id: 'c1' }, ic: { id: 'c1', visitor: { id: visitor } } } }),
    }),
  );

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A stream of `scope` that records the ids of the messages it is sent. */
async function stream(scope: string, lastId = 0) {
  const received: number[] = [];
  const decoder = new TextDecoder();
  await conversationHub().subscribe({
    scope,
    lastId,
    write: (chunk) => {
      const text = decoder.decode(chunk);
      if (text.startsWith('event: message\n')) received.push(JSON.parse(/\ndata: (.*)\n/.exec(text)![1]).message.id);
      return true;
    },
  });
  await settle();
  return received;
}

/** Answers the pending read of `scope` with `ids` (it must read after `after`). */
async function answer(scope: string, after: number, ids: number[]) {
  const index = reads.findIndex((read) => read.scope === scope);
  expect(reads[index]).toMatchObject({ after });
  reads.splice(index, 1)[0].resolve(ids);
  await settle();
}

afterEach(() => expect(reads).toEqual([]));

it('hands both sides the messages their notifications carry, in order, without reading the log', async () => {
  const visitor = await stream(visitorScope('ada'));
  const inbox = await stream(inboxScope('ws1'));
  await answer('v:ada', 0, []);
  await answer('ws:ws1', 0, []);

  for (const id of [1, 2, 3]) message('ada', id);
  message('ada', 2); // a notification heard twice delivers nothing twice
  await settle();
  expect(visitor).toEqual([1, 2, 3]);
  expect(inbox).toEqual([1, 2, 3]);
});

it('reads the log instead while a read is running, and hands out nothing twice', async () => {
  const visitor = await stream(visitorScope('bob'));
  // Message 4 commits while the stream's first read runs (which may or may not see it).
  message('bob', 4);
  await settle();
  expect(visitor).toEqual([]);
  await answer('v:bob', 0, []);
  await answer('v:bob', 0, [4]);
  expect(visitor).toEqual([4]);

  // Read by the stream's catch-up before its notification arrives: not sent again.
  const late = await stream(visitorScope('bob'), 4);
  await answer('v:bob', 4, [5]);
  expect(late).toEqual([5]);
  message('bob', 5);
  message('bob', 6);
  await settle();
  expect(visitor).toEqual([4, 5, 6]);
  expect(late).toEqual([5, 6]);
});

it('reads the log after a failed read rather than skipping what it missed', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate'] });
  try {
    const visitor = await stream(visitorScope('cleo'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    reads.splice(0, 1)[0].reject();
    await settle();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();

    // Message 7 was stored while the database could not be read; message 8's notification comes first.
    message('cleo', 8);
    await settle();
    expect(visitor).toEqual([]);
    await answer('v:cleo', 0, [7, 8]);
    expect(visitor).toEqual([7, 8]);
    jest.advanceTimersByTime(1_000); // the failed read's retry: nothing new
    await settle();
    await answer('v:cleo', 8, []);
    expect(visitor).toEqual([7, 8]);
  } finally {
    jest.useRealTimers();
  }
});

it('reads the log for a notification whose message did not fit its payload', async () => {
  const visitor = await stream(visitorScope('dan'));
  await answer('v:dan', 0, []);
  message('dan', 9, true);
  await settle();
  await answer('v:dan', 0, [9]);
  await answer('ws:ws1', 8, [9]); // the inbox's stream of the first test
  message('dan', 10);
  await settle();
  expect(visitor).toEqual([9, 10]);
});

it('hands a note to the workspace’s inboxes only, and reads only their log for one that did not fit', async () => {
  const visitor = await stream(visitorScope('eve'));
  const inbox = await stream(inboxScope('ws2'));
  await answer('v:eve', 0, []);
  await answer('ws:ws2', 0, []);
  notify(JSON.stringify({ k: 'n', ws: 'ws2', e: { m: { ...view(11), sender: 'note' }, ic: { id: 'c1' } } }));
  await settle();
  expect(inbox).toEqual([11]);
  notify(JSON.stringify({ k: 'n', ws: 'ws2' }));
  await settle();
  await answer('ws:ws2', 11, [12]);
  expect(inbox).toEqual([11, 12]);
  // No read of the visitor's log is pending (afterEach), and nothing reached their stream.
  expect(visitor).toEqual([]);
});
