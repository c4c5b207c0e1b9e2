import { inspect } from 'node:util';
import { eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { sessions, tickets } from '@/lib/db/schema';
import { handle } from '@/lib/api/errors';
import { describeDatabaseError } from '@/lib/db/errors';
import { databaseAvailable } from '@/lib/db/availability';

// A value that the statements below send as a parameter and that must appear in no error and no log.
const VALUE = 'not-a-uuid-but-a-secret@example.com';

afterEach(() => jest.restoreAllMocks());

describe('a failed statement', () => {
  it('fails with an error that names the statement and its code, never its values', async () => {
    const db = await database();
    const error = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, VALUE))
      .catch((caught: unknown) => caught);
    // Printed as a log would print it: message, properties, causes.
    const printed = inspect(error, { depth: 10 });
    expect(printed).not.toContain(VALUE);
    expect(describeDatabaseError(error)).toMatch(/^select sessions failed: 22P02 after \d+ ms$/);
  });

  it('keeps the values out of a failed transaction’s error too', async () => {
    const db = await database();
    const error = await db
      .transaction(async (tx) => {
        await tx.update(tickets).set({ subject: VALUE }).where(eq(tickets.id, VALUE));
      })
      .catch((caught: unknown) => caught);
    expect(inspect(error, { depth: 10 })).not.toContain(VALUE);
    expect(describeDatabaseError(error)).toMatch(/^update tickets failed: 22P02/);
  });

  it('is logged by a route handler without its values, and answered 500 without internals', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const response = await handle(new Request('http://localhost:3000/api/tickets'), async () => {
      await (await database()).select().from(sessions).where(eq(sessions.id, VALUE));
      return new Response(null, { status: 204 });
    });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('sessions');
    expect(logged).toHaveBeenCalled();
    expect(inspect(logged.mock.calls, { depth: 10 })).not.toContain(VALUE);
  });

  it('is neither logged nor told as the database’s when the client hung up (Node’s ECONNRESET on the body)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const left = new AbortController();
    const response = await handle(new Request('http://localhost:3000/api/tickets', { signal: left.signal }), () => {
      left.abort();
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    });
    expect(response.status).toBe(499);
    expect(logged).not.toHaveBeenCalled();
    expect(await databaseAvailable()).toBe(true);
    // Any other failure is still ours to know of, whether the client stayed or not.
    const bug = await handle(new Request('http://localhost:3000/api/tickets', { signal: left.signal }), () => {
      throw new TypeError('x is undefined');
    });
    expect(bug.status).toBe(500);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
