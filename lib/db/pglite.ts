import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { PGlite, ParserOptions, Results, Transaction } from '@electric-sql/pglite';
import { env } from '@/lib/env';
import { outsideTransactions, whenReady } from '@/server/private/pglite.mjs';
import * as schema from './schema';
import { failedStatement } from './errors';

type Queryable = Pick<PGlite, 'query'>;
type PGliteModule = typeof import('@electric-sql/pglite');
type QueryOptions = Parameters<Queryable['query']>[2];

/**
 * The types Drizzle reads from PostgreSQL's text itself: its PGlite session asks for them as text with every
 * statement. PGlite then merges those parsers with its own ~320 for every statement (~70 µs each, measured);
 * as the client's own parsers they are merged once. By oid: timestamp, timestamptz, interval, date, numeric[],
 * timestamp[], timestamptz[], interval[], date[] (drizzle-orm/pglite/session).
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/** A statement's options without the parsers the client already has (any others stay the statement's). */
export function withoutClientParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers, ...rest } = options;
  return Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.includes(Number(type))) ? rest : options;
}

/** What Drizzle sends for data, which PostgreSQL may keep a plan of: not DDL, not session commands. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Named statements kept at most (the least recently used is closed): the code's statements fit many times over. */
export const PREPARED_STATEMENTS_LIMIT = 200;
/**
 * A named statement PostgreSQL no longer has (26000), or whose result changed shape under a migration (0A000
 * from the plan cache's revalidation; other 0A000s are the statement's own failure).
 */
function isStale(error: unknown): boolean {
  const { code, routine } = (error ?? {}) as { code?: string; routine?: string };
  return code === '26000' || (code === '0A000' && routine === 'RevalidateCachedQuery');
}

/**
 * Drizzle's statements as named (prepared) statements of PGlite's one session. PGlite's own `query` sends the
 * unnamed statement, which PostgreSQL parses and plans again for every execution: most of a short statement's
 * time (a product's read 0.49 → 0.12 ms, an order's insert 0.47 → 0.22 ms, measured). A text seen before is only
 * bound and executed, in one call into the database (PGlite's `query` makes six); after five executions
 * PostgreSQL may keep a generic plan. Built on PGlite's public protocol interface, with its locks and result
 * parsing, so that errors, notifications and results are PGlite's own.
 */
function namedStatements(client: PGlite, { parse, protocol }: Pick<PGliteModule, 'parse' | 'protocol'>) {
  const { serialize } = protocol;
  /** By text, least recently used first (a Map keeps insertion order). */
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let counter = 0;
  const send = (options: QueryOptions, ...messages: Uint8Array[]) =>
    client.execProtocolStream(Buffer.concat(messages), { syncToFs: false, onNotice: options?.onNotice });
  /** Forgets a statement, here and in the session. */
  const close = (text: string, name: string, options: QueryOptions) => {
    statements.delete(text);
    return send(options, serialize.close({ type: 'S', name }), serialize.sync());
  };

  async function prepare(text: string, options: QueryOptions) {
    const name = `s${++counter}`;
    const described = await send(
      options,
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > PREPARED_STATEMENTS_LIMIT) {
      const [oldestText, oldest] = statements.entries().next().value!;
      await close(oldestText, oldest.name, options);
    }
    return statement;
  }

  async function execute(text: string, values: unknown[], options: QueryOptions, retry: boolean) {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text, options);
    const { name, paramTypes } = statement;
    // As PGlite's `query` serialises them: the statement's serializer for the type, else the client's, else text.
    const serialized = values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[index]] ?? client.serializers[paramTypes[index]];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const messages = await send(
        options,
        serialize.bind({ statement: name, values: serialized }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      );
      return parse.parseResults(messages, client.parsers, options)[0] as Results;
    } catch (error) {
      if (!isStale(error)) throw error;
      await close(text, name, options);
      // Outside a transaction the statement is simply prepared again; inside one, the transaction has failed.
      if (!retry) throw error;
      return execute(text, values, options, false);
    }
  }

  // A statement with its own parameter types keeps PGlite's way (they would be a second key of the cache).
  const preparable = (text: string, options: QueryOptions) =>
    PREPARABLE.test(text) && !options?.blob && !options?.paramTypes;
  return {
    /** `query` outside a transaction: it waits for an open transaction to end, as PGlite's own does. */
    query: (async (text, values = [], options) => {
      if (!preparable(text, options)) return client.query(text, values, options);
      await whenReady(client);
      return outsideTransactions(client, () =>
        client.runExclusive(async () => {
          const result = await execute(text, values, options, true);
          await client.syncToFs();
          return result;
        }),
      );
    }) as Queryable['query'],
    /** `query` of an open transaction, which holds the transactions' lock. */
    inTransaction: (tx: Transaction): Queryable['query'] =>
      (async (text, values = [], options) => {
        if (tx.closed || !preparable(text, options)) return tx.query(text, values, options);
        return client.runExclusive(() => execute(text, values, options, false));
      }) as Queryable['query'],
  };
}

/**
 * `query`, failing as the PostgreSQL driver does: no values in errors; Drizzle's text parsers are the client's
 * (above).
 */
function queryWithoutValues(query: Queryable['query']): Queryable['query'] {
  return async (text, values, options) => {
    const startedAt = performance.now();
    try {
      return await query(text, values, withoutClientParsers(options));
    } catch (error) {
      throw failedStatement(text, values, error, startedAt);
    }
  };
}

/** PGlite's own `query`, unnamed statements only (PGLITE_NAMED_STATEMENTS=off): no private member of PGlite. */
const unnamedStatements = (client: PGlite) => ({
  query: client.query.bind(client) as Queryable['query'],
  inTransaction: (tx: Transaction) => tx.query.bind(tx) as Queryable['query'],
});

/**
 * PGlite in this process, with Drizzle over it. It runs in process and cannot lag behind the network,
 * so requests need no budget here.
 */
export async function openPgliteClient(dataDir: string, { namedStatements: named = env.pgliteNamedStatements } = {}) {
  const [pglite, { drizzle }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const { PGlite } = pglite;
  const inMemory = dataDir.startsWith('memory://');
  const path = inMemory ? dataDir : resolve(dataDir);
  // PGlite does not create missing parent folders.
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers is most of an embedded database's memory; the files
  // are cached by the operating system as well (16 MB: −120 MB RSS, measured).
  const client = await PGlite.create(path, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${env.pgliteSharedBuffers}`],
  });
  // After `create`: it adds the array types' parsers, which would replace these arrays' text.
  Object.assign(client.parsers, Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText])) as ParserOptions);
  // Drizzle uses `query`, and `transaction` with the transaction's `query`.
  const statements = named ? namedStatements(client, pglite) : unnamedStatements(client);
  const guarded = {
    query: queryWithoutValues(statements.query),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      client.transaction((tx) => work({ query: queryWithoutValues(statements.inTransaction(tx)) })),
  };
  return { client, db: drizzle({ client: guarded as unknown as PGlite, schema }) };
}
