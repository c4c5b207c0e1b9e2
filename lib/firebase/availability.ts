// Whether the identity provider answered lately, shared by everything in the process (pages, route handlers and
// the proxy are separate bundles: the state lives on globalThis). While it is marked down, the proxy answers
// dashboard pages with 503, as for the database (lib/db/availability); no firebase-admin here, the proxy loads it.
import { ApiError } from '@/lib/api/errors';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/errors/message-page';

type State = { downUntil: number };
const holder = globalThis as typeof globalThis & { __identityAvailability?: State };
const state = (holder.__identityAvailability ??= { downUntil: 0 });

/** The identity provider could not be asked (no answer within the deadline, or no connection): a 503. */
export class IdentityUnavailable extends ApiError {
  constructor() {
    super('unavailable');
  }
}

/** A call found the provider unreachable: dashboard pages answer 503 until a call succeeds or the retry time passed. */
export function markIdentityDown(now = Date.now()) {
  state.downUntil = now + UNAVAILABLE_RETRY_SECONDS * 1000;
}

export function markIdentityUp() {
  state.downUntil = 0;
}

export function identityAvailable(now = Date.now()): boolean {
  return now >= state.downUntil;
}
