// The production server of `npm start` (started by scripts/start.mjs): Next.js's request handler, and
// in front of it the chat's event streams (`GET /api/chat/:room/events`), written straight to the Node
// response by the app's own code (lib/chat/node-stream.ts, offered on globalThis at start). A web
// stream piped through Next costs several promises per message and subscriber: with 1,000 subscribers
// that alone saturated a core (npm run bench). Every other request, and these too until the app has
// offered its transport, goes to Next unchanged.
//
// Every other answer gets its Content-Security-Policy here (a nonce per rendered page, hashes for a
// prerendered one: lib/security/node-headers.ts, offered on globalThis at start), then compression.
//
// Listens on `localhost` (loopback only): with 127.0.0.1, Next normalises the host and next-intl's
// as-needed rewrite loops (DESIGN.md).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import next from 'next';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT || 3000);
const hostname = 'localhost';

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
// Next's own compression is off (next.config.ts): the security headers have to see a prerendered
// page's HTML as written, to allow its inline scripts by their hashes (lib/security/node-headers.ts).
const compress = compression();

// The app registers its transport and security layer from instrumentation.ts while Next prepares,
// which production mode does not await: no request is answered without them.
const deadline = Date.now() + 60_000;
while (!(globalThis.__secureResponse && globalThis.__chatEventStreams)) {
  if (Date.now() > deadline) throw new Error('instrumentation.ts did not register the security layer and the chat transport');
  await new Promise((resolve) => setTimeout(resolve, 10));
}

const server = createServer((req, res) => {
  const transport = globalThis.__chatEventStreams;
  const room = transport?.room(req.method, req.url);
  if (room) {
    transport.serve(req, res, room).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end();
    });
    return;
  }
  compress(req, res, () => {
    globalThis.__secureResponse(req, res);
    handle(req, res);
  });
});
// Event streams stay open; the usual request timeouts do not apply to them.
server.requestTimeout = 0;
server.listen(port, hostname, () => {
  // The address the app calls itself on (lib/shop/catalogue-watch.ts), also when PORT=0 chose one.
  globalThis.__serverOrigin = `http://${hostname}:${server.address().port}`;
  console.log(`▲ Next.js ready on ${globalThis.__serverOrigin}`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  // Open event streams do not end by themselves: end them; clients reconnect elsewhere.
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
