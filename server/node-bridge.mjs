// The hand-over between the app (bundled by Next, started by instrumentation.ts) and npm start's server
// (server/server.mjs, plain Node): what the server must answer on Node's own response (the event
// streams, refused methods), offered once by the app and awaited by the server. Next's bundle and the
// server each load this module, so the offer lives in one slot on globalThis under a registered symbol.
const SLOT = Symbol.for('plauder.node-routes');

function slot() {
  if (!globalThis[SLOT]) {
    let offer;
    const routes = new Promise((resolve) => (offer = resolve));
    globalThis[SLOT] = { routes, offer };
  }
  return globalThis[SLOT];
}

/** Called by the app once it can serve them. */
export function offerNodeRoutes(routes) {
  slot().offer(routes);
}

/** What the app offered; pending until it has. */
export function nodeRoutes() {
  return slot().routes;
}
