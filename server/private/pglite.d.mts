// Types of pglite.mjs.
import type { PGlite } from '@electric-sql/pglite';

export function whenReady(client: PGlite): Promise<void>;
export function outsideTransactions<T>(client: PGlite, work: () => Promise<T>): Promise<T>;
