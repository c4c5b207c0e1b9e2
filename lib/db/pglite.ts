import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { PGlite, ParserOptions } from '@electric-sql/pglite';
import { env } from '@/lib/env';
import * as schema from './schema';
import { failedStatement } from './errors';

type Queryable = Pick<PGlite, 'query'>;
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
function withoutClientParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers, ...rest } = options;
  return Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.includes(Number(type))) ? rest : options;
}

/**
 * `query` of PGlite or of one of its transactions, failing as the PostgreSQL driver does: no values in
 * errors; Drizzle's text parsers are the client's (above).
 */
function queryWithoutValues(target: Queryable): Queryable['query'] {
  return async (text, values, options) => {
    const startedAt = performance.now();
    try {
      return await target.query(text, values, withoutClientParsers(options));
    } catch (error) {
      throw failedStatement(text, values, error, startedAt);
    }
  };
}

/**
 * PGlite in this process, with Drizzle over it. It runs in process and cannot lag behind the network,
 * so requests need no budget here.
 */
export async function openPgliteClient(dataDir: string) {
  const [{ PGlite }, { drizzle }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
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
  const guarded = {
    query: queryWithoutValues(client),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      client.transaction((tx) => work({ query: queryWithoutValues(tx) })),
  };
  return { client, db: drizzle({ client: guarded as unknown as PGlite, schema }) };
}
