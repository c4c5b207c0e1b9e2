import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { cache } from 'react';

/**
 * How long one request may spend on the database in all (waiting for a connection, every statement):
 * past it, the request answers 503 instead of adding a statement timeout per query.
 */
export const REQUEST_BUDGET_MS = 10_000;

/** When a request's database work has to be done (ms since the epoch). `settled`: its answer is out. */
export type Deadline = { readonly at: number; settled: boolean };

export function deadlineIn(ms: number, now = Date.now()): Deadline {
  return { at: now + ms, settled: false };
}

/** Milliseconds left until `deadline` (≤ 0: none). */
export function remainingMs(deadline: Deadline, now = Date.now()): number {
  return deadline.at - now;
}

// On globalThis: route handlers, pages and the database module live in separate bundles of one process.
const holder = globalThis as typeof globalThis & { __requestDeadline?: AsyncLocalStorage<Deadline> };
const storage = (holder.__requestDeadline ??= new AsyncLocalStorage<Deadline>());

/**
 * Runs `work` (a route handler's body) with one deadline for all of its statements. What its answer
 * does later, such as an event stream's reads, is not held to it.
 */
export async function withDeadline<T>(work: () => Promise<T>, budgetMs = REQUEST_BUDGET_MS): Promise<T> {
  const deadline = deadlineIn(budgetMs);
  try {
    return await storage.run(deadline, work);
  } finally {
    deadline.settled = true;
  }
}

// A page has no entry point of ours to start a deadline in: React's per-request cache gives every
// server component of one render the same one. Outside a render it is a new one on each call.
const renderDeadline = cache(() => deadlineIn(REQUEST_BUDGET_MS));

/**
 * The deadline of the current request: its route handler's or its page render's. Work of no request
 * (the chat hub, the catalogue watcher) gets a new one per call; an answered handler's, none (null:
 * then each statement or transaction gets the whole budget).
 */
export function currentDeadline(): Deadline | null {
  const own = storage.getStore();
  if (own) return own.settled ? null : own;
  return renderDeadline();
}
