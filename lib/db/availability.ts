// Whether the database answered lately, shared by everything in the process (pages, route handlers and
// the proxy are separate bundles: the state lives on globalThis). While it is marked down, the proxy
// answers dashboard pages with 503 instead of rendering them, probing at most every PROBE_INTERVAL_MS.

const PROBE_INTERVAL_MS = 2_000;

type State = { downSince: number | null; lastProbe: number; probe: (() => Promise<void>) | null };
const holder = globalThis as typeof globalThis & { __databaseAvailability?: State };
const state = (holder.__databaseAvailability ??= { downSince: null, lastProbe: 0, probe: null });

/**
 * A statement failed because the database could not answer. That counts as a failed probe: for the
 * next PROBE_INTERVAL_MS the proxy answers 503 without asking again, which is what a page that failed
 * sends its browser back for (lib/errors/page-boundary).
 */
export function markDatabaseDown(now = Date.now()) {
  state.downSince ??= now;
  state.lastProbe = Math.max(state.lastProbe, now);
}

export function markDatabaseUp() {
  state.downSince = null;
}

/** Set by the db module: a cheap query, with a short budget, that throws while the database cannot answer. */
export function registerDatabaseProbe(probe: () => Promise<void>) {
  state.probe = probe;
}

/**
 * False while the database is known to be down (probing again now and then, so it recovers by itself).
 * One probe at a time: meanwhile the others answer false.
 */
export async function databaseAvailable(now = Date.now()): Promise<boolean> {
  if (state.downSince === null) return true;
  if (!state.probe || now - state.lastProbe < PROBE_INTERVAL_MS) return false;
  state.lastProbe = now;
  try {
    await state.probe();
    markDatabaseUp();
    return true;
  } catch {
    return false;
  }
}
