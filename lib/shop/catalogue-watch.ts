import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { $fetch } from 'ofetch';
import { listen } from '@/lib/db';
import { env } from '@/lib/env';

/** The channel the products table's trigger notifies (drizzle/0004_catalogue_notify.sql). */
const CHANNEL = 'catalogue';
/** The path of the handler that revalidates the catalogue's pages (app/api/catalogue/revalidate). */
export const REVALIDATE_PATH = '/api/catalogue/revalidate';
export const REVALIDATE_HEADER = 'x-catalogue-token';
const DEBOUNCE_MS = 100;
const RETRY_LISTEN_MS = 5_000;

// Next revalidates cached pages only inside a request, so a change heard on the database becomes a
// request to this server, authorised by a token that exists only in this process's memory. Shared on
// globalThis: the route handler lives in another bundle of the same process.
const holder = globalThis as typeof globalThis & { __catalogueToken?: string };

function token(): string {
  holder.__catalogueToken ??= randomBytes(32).toString('base64url');
  return holder.__catalogueToken;
}

/** Whether `value` is this process's revalidation token. */
export function isRevalidationToken(value: string | null): boolean {
  const expected = holder.__catalogueToken;
  if (!expected || !value) return false;
  const [a, b] = [Buffer.from(value), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

async function revalidate(): Promise<void> {
  try {
    // To this very server (npm start's server sets PORT to the port it listens on), as a page of the
    // site would send it; retried while the server is still starting (the first notification comes
    // before it listens).
    await $fetch(REVALIDATE_PATH, {
      baseURL: `http://localhost:${Number(process.env.PORT || 3000)}`,
      method: 'POST',
      headers: { origin: env.siteUrl, [REVALIDATE_HEADER]: token() },
      retry: 8,
      retryDelay: 500,
      timeout: 10_000,
    });
  } catch (error) {
    console.error(`catalogue: revalidation failed (${(error as Error).message})`);
  }
}

let timer: NodeJS.Timeout | undefined;
function schedule(): void {
  // One revalidation for a burst of changes (the seed updates every product in one statement, an
  // operator may run several).
  clearTimeout(timer);
  timer = setTimeout(() => void revalidate(), DEBOUNCE_MS);
}

/**
 * Listens to the catalogue for the life of the server: its pages are revalidated once listening starts
 * (the build prerendered them from the data file) and after every change. A database that is not
 * reachable yet is tried again every few seconds.
 */
export function watchCatalogue(): void {
  listen(CHANNEL, { notify: schedule, resync: schedule }).catch((error: Error) => {
    console.error(`catalogue: not listening yet (${error.message}); retrying`);
    setTimeout(watchCatalogue, RETRY_LISTEN_MS).unref();
  });
}
