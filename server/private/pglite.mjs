// The only module that reaches into PGlite's private members (ESLint refuses them elsewhere). Each is pinned
// to the installed version by tests/unit/contracts/pglite.test.ts: after an upgrade, read how the new version's
// `query` and `transaction` use them, then re-pin. PGLITE_NAMED_STATEMENTS=off runs without them.

/**
 * Waits until `client` has opened, and fails as PGlite's own `query` does once it is closed (`_checkReady`).
 * No public replacement: `waitReady` neither fails on a closed client nor is what `query` runs.
 */
export function whenReady(client) {
  return client._checkReady();
}

/**
 * Runs `work` while no transaction is open and none can begin (`_runExclusiveTransaction`, the lock PGlite's
 * `query` and `transaction` take): a statement outside a transaction never lands inside another's. The
 * public `runExclusive` is the inner, per-statement lock only.
 */
export function outsideTransactions(client, work) {
  return client._runExclusiveTransaction(work);
}
