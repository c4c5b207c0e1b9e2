import 'server-only';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import * as schema from './schema';
import { markDatabaseDown, markDatabaseUp } from './availability';
import { DatabaseBudget, REQUEST_BUDGET_MS } from './budget';
import { DatabaseError, deadlineExceeded, failedStatement, isDatabaseUnavailable } from './errors';
import type { Database } from './types';

const POOL_SIZE = 10;

/** A pool client, waited for at most `ms` (pg-pool's own timeout is one fixed value for every caller). */
function acquire(pool: Pool, ms: number): Promise<PoolClient> {
  return new Promise((resolve, reject) => {
    if (ms <= 0) return reject(deadlineExceeded());
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(deadlineExceeded());
    }, ms);
    pool.connect((error, client, release) => {
      clearTimeout(timer);
      // Nobody waits for it any more: back to the pool.
      if (late) return void (client && release());
      if (error || !client) reject(error);
      else resolve(client);
    });
  });
}

/**
 * A connection checked out for one request: every statement ends when the request's budget is spent,
 * or fails with DEADLINE_EXCEEDED (a slow or hung server). A connection that failed that way or was
 * lost is not used again: released, it is closed instead of going back to the pool half-answered.
 */
class RequestClient {
  private broken: DatabaseError | null = null;

  constructor(
    private readonly client: PoolClient,
    private readonly budget: DatabaseBudget,
  ) {}

  async query(config: QueryConfig, values?: unknown[]) {
    const startedAt = performance.now();
    const left = Math.ceil(this.budget.remainingMs());
    if (this.broken || left <= 0) throw this.fail(config.text, values, this.broken ?? deadlineExceeded(), startedAt);
    // pg reads a per-statement read timeout from the config; its types do not list it.
    const statement: QueryConfig & { query_timeout: number } = {
      ...config,
      text: withStatementTimeout(config.text, values, left),
      query_timeout: left,
    };
    try {
      const result = await this.budget.spend(this.client.query(statement, values));
      // The database answered: pages that need it are served again at once (no waiting for a probe).
      markDatabaseUp();
      return result;
    } catch (error) {
      // pg's read timeout is the rest of the budget, set just above.
      const timedOut = (error as Error).message === 'Query read timeout';
      throw this.fail(config.text, values, timedOut ? deadlineExceeded() : error, startedAt);
    }
  }

  release() {
    this.client.release(this.broken ?? undefined);
  }

  private fail(text: string, values: unknown[] | undefined, cause: unknown, startedAt: number): DatabaseError {
    const error = failedStatement(text, values, cause, startedAt);
    if (isDatabaseUnavailable(error)) {
      this.broken ??= error;
      markDatabaseDown();
    }
    return error;
  }
}

/**
 * A transaction's statements are also cut off by the server when the budget is spent, so that its locks
 * go then, not whenever the server notices that the client left. Sent with BEGIN: no extra round trip.
 */
function withStatementTimeout(text: string, values: unknown[] | undefined, left: number): string {
  return /^begin\b/i.test(text) && !values?.length ? `${text}; set local statement_timeout = ${left}` : text;
}

/**
 * The pool as Drizzle sees it for one request (`budget`), or for work of no request (null: each
 * statement or transaction gets a whole budget). Waiting for a connection counts against it too.
 */
class RequestPool {
  constructor(
    private readonly pool: Pool,
    private readonly budget: DatabaseBudget | null,
  ) {}

  /** A connection of its own (Drizzle: for a transaction; `text`, `values`: the statement it is for). */
  async connect(text = 'transaction', values?: unknown[]): Promise<RequestClient> {
    const budget = this.budget ?? new DatabaseBudget();
    const startedAt = performance.now();
    try {
      return new RequestClient(await budget.spend(acquire(this.pool, budget.remainingMs())), budget);
    } catch (error) {
      const failed = failedStatement(text, values, error, startedAt);
      if (isDatabaseUnavailable(failed)) markDatabaseDown();
      throw failed;
    }
  }

  async query(config: QueryConfig, values?: unknown[]) {
    const client = await this.connect(config.text, values);
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }
}
// Drizzle runs a transaction on one checked-out connection when its client's class name says "Pool";
// named here explicitly, since the production build shortens class names.
Object.defineProperty(RequestPool, 'name', { value: 'RequestPool' });

/** The pool with its error listeners, and Drizzle over it for work of no request and for each request. */
export async function postgresPool(url: string) {
  const [{ Pool }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: REQUEST_BUDGET_MS,
    idleTimeoutMillis: 30_000,
    // The server's own limit for a statement outside a transaction (a transaction gets the request's).
    statement_timeout: REQUEST_BUDGET_MS,
    keepAlive: true,
    application_name: 'chatwidget-shop',
  });
  // A connection that drops emits `error` on its client, idle or checked out; with no listener that is
  // an uncaught exception. The statement running on it fails by itself, and its request answers 503.
  pool.on('connect', (client) =>
    client.on('error', (error) => console.error(`database: ${new DatabaseError('connection', error).message}`)),
  );
  // Idle clients' errors are repeated on the pool: reported above already.
  pool.on('error', () => {});

  const over = (budget: DatabaseBudget | null) =>
    drizzle({ client: new RequestPool(pool, budget) as unknown as Pool, schema }) as unknown as Database;
  const db = over(null);
  const perRequest = new WeakMap<DatabaseBudget, Database>();
  return {
    pool,
    db,
    /** Drizzle for the request of `budget` (one per request). */
    bind(budget: DatabaseBudget | null): Database {
      if (!budget) return db;
      let bound = perRequest.get(budget);
      if (!bound) perRequest.set(budget, (bound = over(budget)));
      return bound;
    },
  };
}
