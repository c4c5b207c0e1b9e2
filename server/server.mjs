// The server of `npm start` (production) and `npm run dev` (`--dev`): Next's request handler on
// localhost:$PORT (loopback only; with 127.0.0.1, Next normalises the host and next-intl's as-needed
// rewrite loops, see docs/architecture.md), and in front of it what Next cannot do:
// - tell the client's address from a forged one: without a trusted proxy (TRUST_PROXY, lib/env.ts) the
//   X-Forwarded-* headers a client sent are dropped, so Next fills them from the socket and the Host
//   header; behind one they are the proxy's;
// - the event streams (the chat's, a visitor's conversations, an owner's inbox), written straight to
//   Node's response by the app's own code (offered through server/node-bridge.mjs): a web stream piped
//   through Next costs several promises per message and subscriber, and with 1,000 subscribers that
//   alone saturated a core (npm run bench). Under another launcher the app's route handlers serve them;
// - an answer to every HTTP method (server/methods.mjs), where Next answers 500 for some;
// - compression, with the answers Next serves from its prerender cache (landing and product pages)
//   tagged and compressed once per render at the best quality (server/precompressed.mjs) instead of on
//   every answer at a quick one, and the build's scripts and stylesheet as the build compressed them
//   (server/static-assets.mjs). Next's own compression and ETags are off under this server (next.config.ts);
// - in production, a second's memory of those answers (server/answer-cache.mjs);
// - the drain on SIGTERM and SIGINT (server/drain.mjs).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import next from 'next';
import nextEnv from '@next/env';
import { nodeRoutes } from './node-bridge.mjs';
import { answerCache } from './answer-cache.mjs';
import { drainOnSignals } from './drain.mjs';
import { methodPolicy } from './methods.mjs';
import { servePrecompressed } from './precompressed.mjs';
import { staticAssets } from './static-assets.mjs';
import { buildWidgetWhileDeveloping } from './widget-dev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
const hostname = 'localhost';
const trustedHops = Number(process.env.TRUST_PROXY || 0);
const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];
// In development every page renders per request, the landing pages too: this header makes the proxy run
// for them as well (in production they bypass it and carry the policy of their prerender).
const DEV_HEADER = 'x-plauder-dev';

// Until the app answers, a failure ends the process, so that a supervisor sees it: Next logs an uncaught
// exception or an unhandled rejection and goes on, which left a port open that never answered.
const refuseToStart = (error) => {
  console.error('Refusing to start:', error);
  process.exit(1);
};
process.on('uncaughtException', refuseToStart);
process.on('unhandledRejection', refuseToStart);

// Requests that arrive while the app starts wait for it.
let answer;
let started;
const ready = new Promise((resolve) => (started = resolve));
const server = createServer((req, res) => {
  if (!trustedHops) for (const name of FORWARDED) delete req.headers[name];
  if (dev) req.headers[DEV_HEADER] = '1';
  else delete req.headers[DEV_HEADER];
  if (answer) answer(req, res);
  else void ready.then(() => answer(req, res));
});
// Event streams stay open; the usual request timeouts do not apply to them.
server.requestTimeout = 0;
// An idle kept-alive connection outlives nginx's own (60 s): closed first by Node's 5 s default, a request nginx
// had just sent on it failed with a 502 (a POST is not retried), and clients saw ECONNRESET.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// CONNECT (a proxy's method) reaches no request handler: nothing here takes it.
server.on('connect', (_req, socket) =>
  socket.end(
    'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
  ),
);
// A request Node cannot parse: an unknown method is 501, anything else 400 (Node's own answer).
server.on('clientError', (error, socket) => {
  if (!socket.writable) return socket.destroy();
  const status = error.code === 'HPE_INVALID_METHOD' ? '501 Not Implemented' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
});
// Connections not yet accepted queue here (the kernel caps it at net.core.somaxconn). Node's 511 overflowed while
// thousands of widgets reconnected at once: the kernel then dropped SYNs and streams stalled (npm run bench).
const LISTEN_BACKLOG = 4096;
await new Promise((resolve, reject) =>
  server
    .once('error', reject)
    .listen({ port: Number(process.env.PORT || 3000), host: hostname, backlog: LISTEN_BACKLOG }, resolve),
);
// The app calls itself on this port (lib/shop/catalogue-watch.ts), also when PORT=0 chose one; the app
// knows from PLAUDER_SERVER that forwarded headers are sanitised here (instrumentation.ts).
process.env.PORT = String(server.address().port);
process.env.PLAUDER_SERVER = '1';
// What the drain asks of the app, once it runs.
let offered = null;
drainOnSignals(server, { app: () => offered?.drain ?? null });

if (!dev) applyBuiltConfig();
const app = next({ dev, dir: root, hostname, port: Number(process.env.PORT) });
await app.prepare();
if (dev) await buildWidgetWhileDeveloping(root);
const handle = app.getRequestHandler();
// instrumentation.ts offers them once the app runs (production's prepare() does not wait for it).
offered = await nodeRoutes();
const { routes, refuseMethod } = offered;

// The production build's answers from the prerender cache, kept for a second (server/answer-cache.mjs).
const serveKept = dev ? () => false : answerCache(join(root, '.next'));
// The build's scripts and stylesheet as it compressed them (server/static-assets.mjs).
const servePrepared = dev ? () => {} : staticAssets(join(root, '.next'));
const methods = methodPolicy({ origin: `http://${hostname}:${process.env.PORT}`, refuseMethod });
const compress = compression();

answer = (req, res) => {
  if (!methods.admit(req, res)) return;
  for (const route of routes) {
    const params = route.match(req.method, req.url);
    if (!params) continue;
    route.serve(req, res, params).catch((error) => {
      console.error(`${route.name}: failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end();
    });
    return;
  }
  // Outside the compression, so that it sees these answers before it encodes them.
  compress(req, res, () => {
    methods.completeRefusal(req, res);
    servePrecompressed(req, res);
    servePrepared(req, res);
    if (serveKept(req, res)) return;
    handle(req, res);
  });
};
started();
process.off('uncaughtException', refuseToStart);
process.off('unhandledRejection', refuseToStart);
console.log(`▲ Next.js ready on http://${hostname}:${process.env.PORT}`);

/**
 * Production runs on the configuration the build resolved (.next/required-server-files.json), as Next's
 * own standalone server does, instead of loading next.config.ts again: that transpiles it with Next's
 * SWC and loads next-intl's plugin with another SWC, both only for the build (measured: 41 MB of the
 * idle server's RSS; npm run bench). Next's compression and ETags are off here (this server compresses and
 * tags prerendered answers, server/precompressed.mjs), and the `.env` files are read as Next would have.
 */
function applyBuiltConfig() {
  const { config } = JSON.parse(readFileSync(join(root, '.next', 'required-server-files.json'), 'utf8'));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify({ ...config, compress: false, generateEtags: false });
  nextEnv.loadEnvConfig(root, false);
}
