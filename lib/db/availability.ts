// Whether the database answers, as this process last found out, shared by everything in the process
// (pages, route handlers, the proxy and the prerender cache are separate modules: the state lives on
// globalThis). Pages that need the database answer 503 while it does not (proxy.ts); the prerender cache
// then serves what it holds (server/cache-handler.mjs).

/** How long a request waits for a probe that is under way: a database that answers does so within it. */
const PROBE_WAIT_MS = 500;
/**
 * After a page failed to render for the database, how long pages that need it answer 503 without
 * probing: the failed render sends its browser back to its address for that 503
 * (components/errors/page-boundary.tsx), and a database that answers a probe may still fail the page's own
 * statements (a locked table, a full pool): a new render would fail again, and again.
 */
const RENDER_FAILURE_HOLD_MS = 2_000;

type Probe = { answer: Promise<boolean>; startedAt: number };
type State = {
  /** Known since a statement or a probe succeeded (up) or failed (down); null in a fresh process. */
  up: boolean | null;
  renderFailedAt: number;
  probing: Probe | null;
  probe: (() => Promise<void>) | null;
};
const holder = globalThis as typeof globalThis & { __databaseAvailability?: State };
const state = (holder.__databaseAvailability ??= { up: null, renderFailedAt: -Infinity, probing: null, probe: null });

/** A statement failed because the database could not answer. */
export function markDatabaseDown() {
  state.up = false;
}

/** A statement succeeded: whoever asks next is served without a probe. */
export function markDatabaseUp() {
  state.up = true;
}

/** A page failed to render because the database could not answer (and sends its browser back). */
export function markRenderFailed(now = Date.now()) {
  state.renderFailedAt = now;
  markDatabaseDown();
}

/** Set by the db module: a cheap query, with a short budget, that throws while the database cannot answer. */
export function registerDatabaseProbe(probe: () => Promise<void>) {
  state.probe = probe;
}

/** One probe at a time, whose answer every request that asks meanwhile shares. */
function probing(now: number): Probe | null {
  if (state.probing || !state.probe) return state.probing;
  const probe = state.probe;
  const answer = (async () => {
    try {
      await probe();
      markDatabaseUp();
      return true;
    } catch {
      markDatabaseDown();
      return false;
    } finally {
      state.probing = null;
    }
  })();
  return (state.probing = { answer, startedAt: now });
}

/** The probe's answer, or false once it has taken PROBE_WAIT_MS (it goes on, and tells the next ones). */
async function probeAnswer(probe: Probe, now: number): Promise<boolean> {
  const left = probe.startedAt + PROBE_WAIT_MS - now;
  if (left <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, left, false)));
  try {
    return await Promise.race([probe.answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For pages that need the database (the proxy): true unless it is known to be down. While it is, the
 * request asks it (a probe of its own, or the one under way), so that the first request after it came
 * back is served; right after a page failed to render for it, the answer is false at once.
 */
export async function databaseAvailable(now = Date.now()): Promise<boolean> {
  if (state.up !== false) return true;
  if (now - state.renderFailedAt < RENDER_FAILURE_HOLD_MS) return false;
  const probe = probing(now);
  return probe ? probeAnswer(probe, now) : false;
}

/**
 * For the prerender cache, which serves what it holds instead of rendering while the database does not
 * answer: like databaseAvailable, and a fresh process asks too (waiting for its first connection).
 */
export async function databaseReachable(now = Date.now()): Promise<boolean> {
  if (state.up) return true;
  if (state.up === false) return databaseAvailable(now);
  const probe = probing(now);
  return probe ? probe.answer : true;
}
