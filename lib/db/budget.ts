import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { cache } from 'react';

/**
 * How long one request may wait for the database in all (for connections and every statement, waits
 * that overlap counted once): past it, the request answers 503 instead of each statement waiting for
 * a timeout of its own. Time spent elsewhere (reading an upload, calling the payment provider) does not
 * count.
 */
export const REQUEST_BUDGET_MS = 10_000;

/** A request's time for the database, spent while any of its connection waits or statements is pending. */
export class DatabaseBudget {
  private spentMs = 0;
  private pending = 0;
  private since = 0;

  constructor(private readonly totalMs = REQUEST_BUDGET_MS) {}

  /** Milliseconds of waiting left (≤ 0: none). */
  remainingMs(now = performance.now()): number {
    return this.totalMs - this.spentMs - (this.pending > 0 ? now - this.since : 0);
  }

  /** `waiting`, its time counted against the budget. */
  async spend<T>(waiting: Promise<T>): Promise<T> {
    if (this.pending++ === 0) this.since = performance.now();
    try {
      return await waiting;
    } finally {
      if (--this.pending === 0) this.spentMs += performance.now() - this.since;
    }
  }
}

type Scope = { budget: DatabaseBudget; answered: boolean };

// On globalThis: route handlers, pages and the database module live in separate bundles of one process.
const holder = globalThis as typeof globalThis & { __requestBudget?: AsyncLocalStorage<Scope> };
const storage = (holder.__requestBudget ??= new AsyncLocalStorage<Scope>());

/**
 * Runs `work` (a route handler's body) with one budget for all of its database work. What its answer
 * does later, such as an event stream's reads, is not held to it.
 */
export async function withRequestBudget<T>(work: () => Promise<T>, budgetMs = REQUEST_BUDGET_MS): Promise<T> {
  const scope: Scope = { budget: new DatabaseBudget(budgetMs), answered: false };
  try {
    return await storage.run(scope, work);
  } finally {
    scope.answered = true;
  }
}

// A page has no entry point of ours to start a budget in: React's per-request cache gives every server
// component of one render the same one. Outside a render it is a new one on each call.
const renderBudget = cache(() => new DatabaseBudget());

/**
 * The budget of the current request: its route handler's, or its page render's. Work of no request
 * (the chat hub, the catalogue watcher) gets a new one per call; an answered handler's, none (null:
 * then each statement or transaction gets a whole budget).
 */
export function currentBudget(): DatabaseBudget | null {
  const scope = storage.getStore();
  if (scope) return scope.answered ? null : scope.budget;
  return renderBudget();
}
