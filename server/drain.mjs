// How npm start's server stops on SIGTERM or SIGINT (a rolling deploy, Ctrl-C): it drains. It accepts no
// new connection and closes the idle kept-alive ones; the requests in flight are answered, with
// `Connection: close`; every open event stream is told to reconnect (to another instance) and ended; then
// the app closes its database and the process exits 0. Whatever is still running at the bound, or when
// a second signal comes, is cut: exit 1.

/** How long the requests in flight may take (DRAIN_TIMEOUT_MS, lib/env.ts, once the app runs). */
export const DRAIN_TIMEOUT_MS = 10_000;
// A signal arrives more than once for one stop (the terminal signals the whole process group, and npm and
// the start script forward it as well): only one this much later is a second one, which forces the exit.
const REPEATED_AFTER_MS = 1_000;

/**
 * Drains `server` on SIGTERM and SIGINT. `app()` answers what the app offered once it runs (its bound,
 * `endStreams()` and `close()`), or null while it starts. `exit` ends the process (tests pass their own).
 */
export function drainOnSignals(server, { app, exit = (code) => process.exit(code), log = console.log }) {
  const open = new Set();
  let since = 0;

  // Before the app's handler: an answer that begins after the signal tells its client to reconnect
  // elsewhere, and once any answer is complete its connection, now idle, is closed.
  server.prependListener('request', (req, res) => {
    open.add(res);
    if (since) res.setHeader('connection', 'close');
    res.once('close', () => {
      open.delete(res);
      if (since) setImmediate(() => server.closeIdleConnections());
    });
  });

  async function drain(signal) {
    since = Date.now();
    const hooks = app();
    const timeoutMs = hooks?.timeoutMs ?? DRAIN_TIMEOUT_MS;
    log(`${signal}: draining (${open.size} requests and streams open, at most ${timeoutMs / 1000} s)`);
    const bound = setTimeout(() => cut(`${open.size} requests still running after ${timeoutMs / 1000} s`), timeoutMs);
    bound.unref();
    const closed = new Promise((resolve) => server.close(resolve));
    for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    const streams = hooks?.endStreams() ?? 0;
    await closed;
    // The app may have become ready while the last requests waited for it.
    await (hooks ?? app())?.close();
    clearTimeout(bound);
    log(`${signal}: drained in ${Date.now() - since} ms (${streams} event streams told to reconnect)`);
    exit(0);
  }

  function cut(reason) {
    log(`stopping now: ${reason}`);
    server.closeAllConnections();
    exit(1);
  }

  const onSignal = (signal) => {
    if (!since) {
      drain(signal).catch((error) => cut(`the drain failed: ${error.message}`));
      return;
    }
    if (Date.now() - since >= REPEATED_AFTER_MS) cut(`${signal} again`);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
