// The deadline of the identity provider (Firebase Auth: Google's Identity Toolkit, its keys and OAuth tokens,
// or the local emulator), in plain JavaScript: the app (lib/firebase/admin.ts) and npm run admin:grant use it.
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/** How long one call to the identity provider may take; a call without an answer by then fails (a 503). */
export const IDENTITY_DEADLINE_MS = 5_000;

/** The code of a missed deadline's error; firebase-admin retries timeouts, not this. */
export const DEADLINE_CODE = 'ERR_IDENTITY_DEADLINE';

function missed(ms) {
  return Object.assign(new Error(`no answer from the identity provider within ${ms} ms`), { code: DEADLINE_CODE });
}

/**
 * A keep-alive HTTP agent for firebase-admin that ends each exchange at the deadline, destroying its socket.
 * Its own timeout (25 s per request, retried four times) let a provider that accepts connections and never
 * answers hold a request for minutes, and its fetches of Google's keys have none.
 */
export function deadlineAgent(protocol, ms = IDENTITY_DEADLINE_MS) {
  const timers = new WeakMap();
  const disarm = (socket) => clearTimeout(timers.get(socket));
  const arm = (socket) => {
    disarm(socket);
    const timer = setTimeout(() => socket.destroy(missed(ms)), ms);
    timers.set(socket, timer);
  };
  const Base = protocol === 'https:' ? HttpsAgent : HttpAgent;
  // An exchange runs from a socket's connection (or its reuse) until the agent may keep it for the next one.
  class DeadlineAgent extends Base {
    createConnection(options, callback) {
      const socket = super.createConnection(options, callback);
      arm(socket);
      socket.once('close', () => disarm(socket));
      return socket;
    }
    reuseSocket(socket, request) {
      arm(socket);
      super.reuseSocket(socket, request);
    }
    keepSocketAlive(socket) {
      disarm(socket);
      return super.keepSocketAlive(socket);
    }
  }
  return new DeadlineAgent({ keepAlive: true });
}

/** What `work` answers, or the deadline's error once `ms` passed (for a call of several exchanges, or retried). */
export function withinDeadline(work, ms = IDENTITY_DEADLINE_MS) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(missed(ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
