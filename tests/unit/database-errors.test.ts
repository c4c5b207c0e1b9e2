/** @jest-environment node */
import { inspect } from 'node:util';
import {
  DatabaseError,
  databaseErrorIn,
  deadlineExceeded,
  describeDatabaseError,
  failedStatement,
  isDatabaseUnavailable,
  statementOf,
  unavailableInOneLine,
} from '@/lib/db/errors';

describe('database errors', () => {
  it('names a statement by its kind and table', () => {
    expect(statementOf('select "id", "uid" from "sessions" where "sessions"."id" = $1 limit $2')).toBe(
      'select sessions',
    );
    expect(statementOf('insert into "tickets" ("uid", "subject") values ($1, $2) returning "id"')).toBe(
      'insert tickets',
    );
    expect(statementOf('update "orders" set "status" = $1 where "orders"."id" = $2')).toBe('update orders');
    expect(statementOf('delete from "widgets" where "widgets"."id" = $1')).toBe('delete widgets');
    expect(statementOf('begin')).toBe('begin');
  });

  it('keeps the driver’s message and details, which quote values, out of a failed statement’s error', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "someone@example.com"'), {
      code: '22P02',
      detail: 'Key (email)=(someone@example.com) already exists.',
    });
    const values = ['someone@example.com', 1];
    const error = failedStatement('select * from "sessions" where "id" = $1', values, cause, performance.now() - 12);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error.message).toMatch(/^select sessions failed: 22P02 after \d+ ms$/);
    expect(inspect(error)).not.toContain('someone@example.com');
    // Drizzle's own error lists the very array it passed: emptied.
    expect(values).toEqual([]);
  });

  it('tells a lost connection and a spent budget as unavailable, by code or by the driver’s fixed text', () => {
    expect(isDatabaseUnavailable(deadlineExceeded())).toBe(true);
    const lost = new DatabaseError('select sessions', new Error('Connection terminated unexpectedly'), 3);
    expect(lost.message).toBe('select sessions failed: Connection terminated unexpectedly after 3 ms');
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: lost }))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new DatabaseError('insert tickets', Object.assign(new Error('duplicate'), { code: '23505' }), 1),
      ),
    ).toBe(false);
    // A system code counts on the database layer's errors only: a client that hung up fails its request's
    // body with the same ECONNRESET.
    expect(isDatabaseUnavailable(new DatabaseError('select sessions', { code: 'ECONNRESET' }, 2))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code: 'ECONNREFUSED' } }))).toBe(false);
  });

  it('finds the reason of a failure to open the database under the migrator’s wrapping', () => {
    // Drizzle's migrator wraps the driver's error: the open's error still tells the database went away.
    const opening = new DatabaseError('open', new Error('Failed query', { cause: { code: '57P01' } }));
    expect(opening.code).toBe('57P01');
    expect(isDatabaseUnavailable(opening)).toBe(true);
    const statement = new DatabaseError('insert products', deadlineExceeded(), 3);
    expect(databaseErrorIn(new Error('Failed query', { cause: statement }))).toBe(statement);
    expect(databaseErrorIn(new Error('Failed query', { cause: { code: '57P01' } }))).toBeNull();
  });

  it('retells a failure in one line for Next to print: no stack, no cause, no digest, still unavailable', () => {
    const error = unavailableInOneLine(
      'catalogue',
      new Error('Failed query', { cause: new DatabaseError('select products', { code: 'ECONNREFUSED' }, 4) }),
    );
    // What Next does to an error of a render before it prints it.
    (error as Error & { digest?: string }).digest = '1234567';
    expect(inspect(error)).toBe(
      '[DatabaseUnavailable: catalogue: database unavailable (select products failed: ECONNREFUSED after 4 ms)]',
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeDatabaseError(error)).toBe(
      'catalogue: database unavailable (select products failed: ECONNREFUSED after 4 ms)',
    );
  });
});
