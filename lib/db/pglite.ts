import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { env } from '@/lib/env';
import * as schema from './schema';
import { failedStatement } from './errors';

type Queryable = Pick<PGlite, 'query'>;

/** `query` of PGlite or of one of its transactions, failing as the PostgreSQL driver does: no values in errors. */
function queryWithoutValues(target: Queryable): Queryable['query'] {
  return async (text, values, options) => {
    const startedAt = performance.now();
    try {
      return await target.query(text, values, options);
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
  // Drizzle uses `query`, and `transaction` with the transaction's `query`.
  const guarded = {
    query: queryWithoutValues(client),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      client.transaction((tx) => work({ query: queryWithoutValues(tx) })),
  };
  return { client, db: drizzle({ client: guarded as unknown as PGlite, schema }) };
}
