import 'server-only';
import { onDatabaseClose } from '@/lib/db';
import { describeDatabaseError } from '@/lib/db/errors';

// E-mails still being sent; the database waits for them before it closes.
const pending = new Set<Promise<unknown>>();

/** Resolves once the e-mails started so far have been sent or have failed (the database's close, tests). */
export const mailsSettled = () => Promise.allSettled(pending).then(() => undefined);
onDatabaseClose(mailsSettled);

/**
 * Runs `work` (that sends an e-mail) after the answer has gone out: the request that caused it never waits
 * for the mail server, and a failure is logged, never the request's.
 */
export function mailLater(work: () => Promise<unknown>, what: string): void {
  const running = new Promise((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: Error) => console.error(`mail: ${what} failed: ${describeDatabaseError(error)}`))
    .finally(() => pending.delete(running));
  pending.add(running);
}
