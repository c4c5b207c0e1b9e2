// Two production instances on one PostgreSQL hold every limit for the pair, not each for itself: a
// guest's lobby posts, the open event streams of an address, the new visitors of a widget per address.
// Slots of an instance that dies are free again once their leases expire. The instances trust one proxy
// (TRUST_PROXY=1), so that each test's client address is its own (the database outlives a run).
import { uniqueAddress } from '../support/addresses';
import { instances, type Server } from './instances';

jest.setTimeout(240_000);

const servers = instances();
afterAll(() => servers.stopAll());

const LIMITS = {
  TRUST_PROXY: '1',
  CHAT_POSTS_PER_WINDOW: '4',
  // Longer than the test: no window ends while it runs.
  CHAT_POST_WINDOW_MS: '600000',
  CHAT_STREAMS_PER_IP: '3',
  CHAT_VISITORS_PER_HOUR: '3',
};

let a: Server;
let b: Server;
beforeAll(async () => {
  [a, b] = await Promise.all([
    servers.start('instance A', { env: LIMITS }),
    servers.start('instance B', { env: LIMITS }),
  ]);
});

function post(server: Server, path: string, address: string, body: unknown) {
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

type Stream = { status: number; close: () => void };
const open: Stream[] = [];
afterAll(() => open.forEach((stream) => stream.close()));

async function stream(server: Server, address: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/api/chat/lobby/events`, {
    headers: { 'x-forwarded-for': address },
    signal: controller.signal,
  });
  if (response.status !== 200) await response.arrayBuffer();
  const opened = { status: response.status, close: () => controller.abort() };
  open.push(opened);
  return opened;
}

/** Opens streams on `server` until one is accepted; answers how many tries that took. */
async function streamOnceFree(server: Server, address: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (let tries = 1; Date.now() < deadline; tries++) {
    if ((await stream(server, address)).status === 200) return tries;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`no stream slot on ${server.origin} within ${timeoutMs} ms`);
}

it('counts a lobby guest’s posts once for both instances', async () => {
  const address = uniqueAddress();
  const mark = `pair ${Date.now()}`;
  const statuses = [];
  for (let i = 0; i < 8; i++) {
    const response = await post(i % 2 ? b : a, '/api/chat/lobby/messages', address, {
      text: `${mark} ${i}`,
      name: 'Guest',
    });
    statuses.push(response.status);
    if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(500);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
});

it('counts the new visitors of a widget per address once for both instances', async () => {
  // Plauder's own widget, which every instance creates when missing.
  const address = uniqueAddress();
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const response = await post(i % 2 ? b : a, '/api/widgets/plauder-support/visitors', address, {});
    statuses.push(response.status);
    if (response.status === 429)
      expect((await response.json()).error).toEqual({
        code: 'tooManyVisitors',
        message: 'Too many new chats from your network. Please try again in 1 hour.',
      });
  }
  expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
});

it('holds an address’s open streams for both instances, and frees the slots of an instance that died', async () => {
  const address = uniqueAddress();
  const first = await stream(a, address);
  const second = await stream(b, address);
  const third = await stream(a, address);
  expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
  expect((await stream(b, address)).status).toBe(429);
  expect((await stream(a, address)).status).toBe(429);

  // Closed on B: the slot is free for A.
  second.close();
  await streamOnceFree(a, address, 10_000);
  expect((await stream(b, address)).status).toBe(429);

  // A dies without closing anything (SIGKILL): its three slots stay taken until their leases expire.
  process.kill(-a.pid, 'SIGKILL');
  await a.exited;
  expect((await stream(b, address)).status).toBe(429);
  await streamOnceFree(b, address, 60_000);
});
