// The README's production deployment, run: Debian's nginx with deploy/nginx.conf's upstream and
// deploy/plauder-locations.conf in front of two built instances (npm start, TRUST_PROXY=1) on a database of
// their own. Through nginx: the client's address, the cache headers a CDN relies on, compression, event
// streams that are not held back, and one set of data whichever instance answers.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { signUp, uniqueEmail } from '../integration/emulator';
import { ownDatabase } from '../support/pg';
import { sseReader, until } from '../support/sse';
import { instances, type Server } from './instances';
import { nginxBinary, startNginx, type Nginx } from './nginx';

jest.setTimeout(240_000);

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request as it goes over the wire (no decoding), optionally from another loopback address. */
function send(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    from,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const servers = instances();
let database: Awaited<ReturnType<typeof ownDatabase>>;
let nginx: Nginx;
let a: Server;
let b: Server;
const portOf = (origin: string) => Number(new URL(origin).port);

beforeAll(async () => {
  // Where nginx is missing, this fails at once and says how to get it.
  nginxBinary();
  const { freePort } = (await import('../../bench/lib/servers.mjs')) as { freePort: () => Promise<number> };
  database = await ownDatabase('topology');
  const port = await freePort();
  const env = {
    TRUST_PROXY: '1',
    // The public origin is nginx's: pages' links, and the Origin that mutations must come from.
    SITE_URL: `http://localhost:${port}`,
    CHAT_POSTS_PER_WINDOW: '2',
    // Longer than the test: no window ends while it runs.
    CHAT_POST_WINDOW_MS: '600000',
  };
  [a, b] = await Promise.all(
    ['instance A', 'instance B'].map((label) => servers.start(label, { databaseUrl: database.url, env })),
  );
  nginx = await startNginx({ port, instancePorts: [a, b].map((server) => portOf(server.origin)) });
});

afterAll(async () => {
  await nginx?.stop();
  await servers.stopAll();
  await database?.drop();
});

const json = { 'content-type': 'application/json' };

function postToLobby(origin: string, text: string, headers: Record<string, string> = {}, from?: string) {
  return send(`${origin}/api/chat/lobby/messages`, {
    method: 'POST',
    headers: { origin: nginx.origin, ...json, ...headers },
    body: JSON.stringify({ text, name: 'Guest' }),
    from,
  });
}

/** The access log's lines for requests that start with `prefix`, once there are `count` of them. */
async function logged(prefix: string, count: number) {
  const lines = () => nginx.log().filter((line) => line.request.startsWith(prefix));
  await until(() => lines().length, count);
  return lines();
}

it('takes the client’s address from nginx, never the one the client forged', async () => {
  // Two clients on other loopback addresses, each sending X-Forwarded-For of its own choosing.
  const [first, second] = ['127.0.0.21', '127.0.0.22'];
  const statuses = [];
  for (const forged of ['203.0.113.1', '203.0.113.2', '198.51.100.3, 203.0.113.3'])
    statuses.push((await postToLobby(nginx.origin, 'forged', { 'x-forwarded-for': forged }, first)).status);
  // The guests' limit (2 posts) counts the first client's posts together, whatever they claimed.
  expect(statuses).toEqual([201, 201, 429]);
  expect((await postToLobby(nginx.origin, 'another', { 'x-forwarded-for': '203.0.113.1' }, second)).status).toBe(201);

  const keys = (await database.sql<{ key: string }>('select key from rate_limits')).map((row) => row.key);
  expect(keys).toEqual(expect.arrayContaining([`guest:${first}`, `guest:${second}`]));
  expect(keys.filter((key) => /203\.0\.113|198\.51\.100/.test(key))).toEqual([]);
  // The addresses the app counted are those nginx reports.
  expect((await logged('POST /api/chat/lobby/messages', 4)).map((line) => line.client)).toEqual([
    first,
    first,
    first,
    second,
  ]);
});

const SHARED = 's-maxage=300, stale-while-revalidate=604500';
const PRIVATE = 'private, no-cache, no-store, max-age=0, must-revalidate';

it('passes the cache headers a CDN relies on unchanged', async () => {
  const page = (await send(`${nginx.origin}/de/imprint`)).body.toString();
  const asset = /\/_next\/static\/[^"]+\.js/.exec(page)![0];
  const promised: [string, number, string][] = [
    ['/de', 200, SHARED],
    ['/shop/starter', 200, SHARED],
    ['/de/shop/cancel', 200, SHARED],
    ['/imprint', 200, SHARED],
    ['/shop/nope', 404, SHARED],
    [asset, 200, 'public, max-age=31536000, immutable'],
    ['/sitemap.xml', 200, 'public, max-age=3600'],
    ['/robots.txt', 200, 'public, max-age=3600'],
    ['/og/en.png', 200, 'public, max-age=86400'],
    ['/', 200, 'private, no-cache'],
    ['/login', 200, PRIVATE],
    ['/de/chat', 200, PRIVATE],
    // The catalogue is the same for everyone.
    ['/api/products', 200, 'public, max-age=60'],
  ];
  const headers = { 'accept-encoding': 'br, gzip', 'accept-language': 'en' };
  const shape = ({ status, headers: h }: Answer) => ({
    status,
    cacheControl: h['cache-control'],
    vary: h.vary,
    cookie: h['set-cookie'],
  });
  for (const [path, status, cacheControl] of promised) {
    const direct = shape(await send(a.origin + path, { headers }));
    expect([path, direct.status, direct.cacheControl, direct.cookie]).toEqual([path, status, cacheControl, undefined]);
    // Through nginx exactly as the instance itself answers.
    expect([path, shape(await send(nginx.origin + path, { headers }))]).toEqual([path, direct]);
  }
});

it('keeps a session made through nginx on both instances, its pages private', async () => {
  const account = await signUp(uniqueEmail('topology'));
  const session = await send(`${nginx.origin}/api/session`, {
    method: 'POST',
    headers: { origin: nginx.origin, ...json },
    body: JSON.stringify({ idToken: account.idToken }),
  });
  expect(session.status).toBe(200);
  const cookie = session.headers['set-cookie']!.map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie, 'accept-language': 'en' };
  for (const [path, cacheControl] of [
    ['/dashboard', PRIVATE],
    ['/dashboard', PRIVATE],
    ['/api/widgets', 'no-store'],
  ]) {
    const through = await send(nginx.origin + path, { headers });
    expect([path, through.status, through.headers['cache-control'], through.headers['set-cookie']]).toEqual([
      path,
      200,
      cacheControl,
      undefined,
    ]);
  }
  // nginx took turns: the session held on both instances.
  const pages = await logged('GET /dashboard', 2);
  expect(new Set(pages.map((line) => line.instance)).size).toBe(2);
});

it('compresses pages and assets as the client accepts, with Vary: Accept-Encoding', async () => {
  const page = (await send(`${nginx.origin}/de`)).body.toString();
  const asset = /\/_next\/static\/[^"]+\.js/.exec(page)![0];
  for (const path of ['/de', '/', '/login', asset]) {
    const plain = await send(nginx.origin + path, { headers: { 'accept-language': 'en' } });
    expect([path, plain.headers['content-encoding']]).toEqual([path, undefined]);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await send(nginx.origin + path, {
        headers: { 'accept-encoding': encoding, 'accept-language': 'en' },
      });
      expect([path, answer.status, answer.headers['content-encoding']]).toEqual([path, 200, encoding]);
      expect([path, answer.headers.vary]).toEqual([path, expect.stringMatching(/accept-encoding/i)]);
      const decoded = decode(answer.body).toString();
      if (path === asset) expect(decoded).toBe(plain.body.toString());
      else expect(decoded).toMatch(/^<!DOCTYPE html>/);
    }
  }
});

it('passes each event of a stream on as it comes, to subscribers on either instance', async () => {
  // Two subscribers through nginx: one on each instance (nginx takes turns).
  const controller = new AbortController();
  const subscribe = async () => {
    // Held back, even the answer's head would wait for its end.
    const timer = setTimeout(() => controller.abort(new Error('no answer through nginx within 15 s')), 15_000);
    // As a browser's EventSource asks: compressed answers welcome.
    const response = await fetch(`${nginx.origin}/api/chat/lobby/events`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      signal: controller.signal,
    }).finally(() => clearTimeout(timer));
    expect(response.status).toBe(200);
    return sseReader(response.body!);
  };
  const streams = [await subscribe(), await subscribe()];
  try {
    const text = `live ${Date.now()}`;
    expect((await postToLobby(nginx.origin, text, {}, '127.0.0.31')).status).toBe(201);
    for (const stream of streams) {
      for (let count = 1; !stream.events.some((event) => event.data.includes(text)); count++)
        await stream.take(count, 15_000);
      // It arrived while the stream is still open: nginx did not hold it back until the answer ended.
      expect(await stream.ended(100)).toBe(false);
    }
  } finally {
    controller.abort();
  }
  const instancesServing = (await logged('GET /api/chat/lobby/events', 2)).map((line) => line.instance);
  expect(new Set(instancesServing).size).toBe(2);
});

it('shows the same data through either instance and through nginx', async () => {
  const text = `written on A ${Date.now()}`;
  expect((await postToLobby(a.origin, text, {}, '127.0.0.41')).status).toBe(201);
  const history = async (origin: string) => {
    const answer = await send(`${origin}/api/chat/lobby/messages`);
    expect(answer.status).toBe(200);
    return (JSON.parse(answer.body.toString()) as { messages: { text: string }[] }).messages.map((m) => m.text);
  };
  expect(await history(b.origin)).toContain(text);
  for (let i = 0; i < 4; i++) expect(await history(nginx.origin)).toContain(text);
  // nginx took turns: both instances answered.
  const reads = await logged('GET /api/chat/lobby/messages', 4);
  expect(new Set(reads.map((line) => line.instance))).toEqual(
    new Set([a, b].map((server) => `127.0.0.1:${portOf(server.origin)}`)),
  );
});

it('lets the app answer bodies up to its own limits itself', async () => {
  // A photo a little over the app's 2 MB: the app's translated JSON refusal, not nginx's HTML page.
  const body = Buffer.alloc(2 * 1024 * 1024 + 100 * 1024);
  const headers = { origin: nginx.origin, 'content-type': 'multipart/form-data; boundary=x' };
  const direct = await send(`${a.origin}/api/profile/photo`, { method: 'POST', headers, body });
  const through = await send(`${nginx.origin}/api/profile/photo`, { method: 'POST', headers, body });
  expect(direct.headers['content-type']).toMatch(/^application\/json/);
  expect([through.status, JSON.parse(through.body.toString())]).toEqual([
    direct.status,
    JSON.parse(direct.body.toString()),
  ]);
});
