/** @jest-environment node */
// npm start's second of memory for the answers Next serves from its prerender cache
// (server/answer-cache.mjs), in front of a stand-in for Next that counts what reaches it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerCache, PRERENDER_CHANGED } from '../../server/answer-cache.mjs';

// A build whose routing reads a cookie (a redirect) and Accept-Language (the proxy's matcher of `/`),
// and whose proxy runs for everything under /shop.
function build() {
  const dist = mkdtempSync(join(tmpdir(), 'answer-cache-'));
  mkdirSync(join(dist, 'server'));
  const redirects = [
    { source: '/', destination: '/de', has: [{ type: 'cookie', key: 'lang', value: 'de' }], statusCode: 307 },
  ];
  writeFileSync(
    join(dist, 'routes-manifest.json'),
    JSON.stringify({ redirects, headers: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] } }),
  );
  const matchers = [
    { regexp: '^/shop(?:/.*)?$' },
    { regexp: '^/$', has: [{ type: 'header', key: 'accept-language', value: '.*de.*' }] },
  ];
  writeFileSync(
    join(dist, 'server', 'functions-config-manifest.json'),
    JSON.stringify({ version: 1, functions: { '/_middleware': { runtime: 'nodejs', matchers } } }),
  );
  return dist;
}

/** What the stand-in for Next answers at a path (a prerendered page by default). */
const ANSWERS: Record<string, { status?: number; cache?: string; cookie?: boolean }> = {
  '/miss': { cache: 'MISS' },
  '/gone': { status: 404 },
  '/cookie': { cookie: true },
};

let server: Server;
let origin: string;
let reached: string[];
let serveKept: ReturnType<typeof answerCache>;

function start(options?: Parameters<typeof answerCache>[1]) {
  serveKept = answerCache(build(), options);
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (serveKept(req, res)) return;
    reached.push(`${req.method} ${req.url}`);
    const answer = ANSWERS[req.url!.split('?')[0]] ?? {};
    res.statusCode = answer.status ?? 200;
    res.setHeader('Vary', 'rsc, Accept-Encoding');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('x-nextjs-cache', answer.cache ?? 'HIT');
    if (answer.cookie) res.setHeader('Set-Cookie', 'a=b');
    res.end(`render ${reached.length} of ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  reached = [];
  start();
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    request(origin + path, { method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    })
      .on('error', reject)
      .end();
  });

it('answers a repeated request with what Next answered, its headers and an Age, without asking Next', async () => {
  const first = await get('/de');
  const second = await get('/de');
  expect(reached).toEqual(['GET /de']);
  expect(second.body).toBe(first.body);
  expect(second.headers['content-type']).toBe(first.headers['content-type']);
  expect(second.headers['x-nextjs-cache']).toBe('HIT');
  expect(second.headers.vary).toBe('rsc, Accept-Encoding');
  expect(first.headers.age).toBeUndefined();
  expect(second.headers.age).toBe('0');
});

it('asks Next for another URL, or another value of a header the answer varies on or the routing reads', async () => {
  await get('/de');
  await get('/de?x=1');
  await get('/de', { rsc: '1' });
  await get('/de', { rsc: '1' });
  await get('/');
  await get('/', { cookie: 'lang=de' });
  await get('/', { 'accept-language': 'fr' });
  await get('/', { 'accept-language': 'fr' });
  expect(reached).toEqual(['GET /de', 'GET /de?x=1', 'GET /de', 'GET /', 'GET /', 'GET /']);
});

it('never keeps what the proxy runs for, nor a miss, an error, an answer that sets a cookie or another method', async () => {
  for (const [path, headers] of [
    ['/shop/starter', {}],
    ['/', { 'accept-language': 'de-DE' }],
    ['/miss', {}],
    ['/gone', {}],
    ['/cookie', {}],
  ] as const)
    for (let i = 0; i < 2; i++) expect((await get(path, headers)).headers.age).toBeUndefined();
  await get('/de', {}, 'HEAD');
  await get('/de', {}, 'HEAD');
  expect(reached).toHaveLength(12);
});

it('forgets every answer when the prerender cache stores a render or marks pages stale', async () => {
  await get('/');
  await get('/de');
  (globalThis as Record<symbol, () => void>)[PRERENDER_CHANGED]();
  await get('/');
  await get('/de');
  expect(reached).toEqual(['GET /', 'GET /de', 'GET /', 'GET /de']);
});

it('keeps an answer for its lifetime, and the newest answers up to its limit', async () => {
  start({ lifetimeMs: 300, limit: 2 });
  await get('/a');
  await get('/a');
  await new Promise((resolve) => setTimeout(resolve, 350));
  await get('/a');
  expect(reached).toEqual(['GET /a', 'GET /a']);
  await get('/b');
  await get('/c');
  await get('/a');
  await get('/c');
  expect(reached).toEqual(['GET /a', 'GET /a', 'GET /b', 'GET /c', 'GET /a']);
});
