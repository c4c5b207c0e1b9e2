// Errors that mean "the database cannot answer right now" (answered 503), as opposed to a bug; and the
// one error a failed statement leaves the database layer as, which names what failed but never a value.

const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL SQLSTATEs: connection exceptions (class 08), shutdown and overload, statement timeout.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** Our own codes: the request's time for the database ran out (lib/db/budget); a failure retold in one line. */
export const DEADLINE_EXCEEDED = 'DEADLINE_EXCEEDED';
const RETOLD = 'DATABASE_UNAVAILABLE';
// The drivers' fixed texts for a lost or timed-out connection (they carry no values).
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|PGlite is closed/i;

type Described = { code?: unknown; message?: unknown; cause?: unknown };

/** `error` and its causes, five at most. */
function* causeChain(error: unknown): Generator<Described> {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    yield current as Described;
    current = (current as Described).cause;
  }
}

function isDatabaseErrorLike(error: unknown): boolean {
  return error instanceof DatabaseError || (error as { name?: unknown } | null)?.name === 'DatabaseError';
}

/** True when `code` or `message`, of an error of the database layer, says the database cannot answer. */
function tellsUnavailable({ code, message }: Described): boolean {
  if (typeof code === 'string') {
    if (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (UNAVAILABLE_MESSAGES.test(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

/**
 * True when `error` (or one of its causes) says the database is unreachable or too slow. A system code
 * counts only on an error of the database layer (a DatabaseError): the same ECONNRESET on a request
 * whose client hung up, or on a call to another service, says nothing of the database, and telling it
 * so marked the database down for every dashboard page.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (current.code === DEADLINE_EXCEEDED || current.code === RETOLD) return true;
    if (isDatabaseErrorLike(current)) return tellsUnavailable(current);
    // The drivers' own texts for a lost connection are theirs alone.
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * The first code, or driver's fixed text for a lost connection, along `cause`'s chain: a driver's error comes
 * as it is from a statement, and wrapped (Drizzle's "Failed query") from a migration.
 */
function reasonOf(cause: unknown): string {
  for (const { code, message } of causeChain(cause)) {
    if (typeof code === 'string') return code;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return message;
  }
  return 'error';
}

/** The first DatabaseError along `error`'s chain of causes, or null. */
export function databaseErrorIn(error: unknown): DatabaseError | null {
  for (const current of causeChain(error)) if (isDatabaseErrorLike(current)) return current as DatabaseError;
  return null;
}

/**
 * A statement that failed: its kind and table, the SQLSTATE or system code, how long it took. The
 * driver's message and details are left out on purpose: they quote values ("invalid input syntax for
 * type uuid: …", "Key (email)=(…) already exists"), and errors end up in logs.
 */
export class DatabaseError extends Error {
  /** SQLSTATE, system code (ECONNREFUSED), DEADLINE_EXCEEDED, or a driver's fixed text for a lost connection. */
  readonly code: string;
  /** The violated constraint's name, for a constraint violation. */
  readonly constraint?: string;
  constructor(
    readonly statement: string,
    cause: unknown,
    readonly durationMs?: number,
  ) {
    const { constraint } = (cause ?? {}) as { constraint?: unknown };
    const reason = reasonOf(cause);
    super(`${statement} failed: ${reason}${durationMs === undefined ? '' : ` after ${Math.round(durationMs)} ms`}`);
    this.name = 'DatabaseError';
    this.code = reason;
    if (typeof constraint === 'string') this.constraint = constraint;
  }
}

/** The request's time for the database ran out before or during a statement (or a wait for a connection). */
export function deadlineExceeded(): Error {
  return Object.assign(new Error('deadline exceeded'), { code: DEADLINE_EXCEEDED });
}

/** `select sessions`, `insert tickets`, `begin`: what a statement is, without its values. */
export function statementOf(text: string): string {
  const kind = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\b(?:from|into|update|join)\s+"?([\w.]+)"?/i.exec(text)?.[1];
  return table ? `${kind} ${table}` : kind;
}

/**
 * A failed statement's error as the database layer throws it. Drizzle wraps it in an error whose
 * message lists the statement's parameters (session ids, e-mail addresses): `values` is Drizzle's own
 * array of them, emptied here so that nothing of them reaches a log.
 */
export function failedStatement(
  text: string,
  values: unknown[] | undefined,
  cause: unknown,
  startedAt: number,
): DatabaseError {
  if (Array.isArray(values)) values.length = 0;
  return cause instanceof DatabaseError
    ? cause
    : new DatabaseError(statementOf(text), cause, performance.now() - startedAt);
}

/** One line for a log: what failed and why, never a value. */
export function describeDatabaseError(error: unknown): string {
  const found = databaseErrorIn(error);
  if (found) return found.message;
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  if (code === RETOLD && typeof message === 'string') return message;
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown error';
}

/**
 * The database could not answer, told in one line: for an error that Next prints itself (a page's
 * failed background render), so it has no stack and no cause. Still recognised as unavailable.
 */
export function unavailableInOneLine(what: string, cause: unknown): Error {
  const error = new Error(`${what}: database unavailable (${describeDatabaseError(cause)})`);
  error.name = 'DatabaseUnavailable';
  error.stack = `${error.name}: ${error.message}`;
  Object.defineProperty(error, 'code', { value: RETOLD });
  // Next stamps a digest on an error of a render: present already, not enumerable, it stays off the line.
  Object.defineProperty(error, 'digest', { value: undefined, writable: true });
  return error;
}
