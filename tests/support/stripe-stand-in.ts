// A local HTTP stand-in for the parts of Stripe's API the app calls (Checkout Sessions: create, retrieve
// and expire; billing's customers, subscriptions, invoices and portal sessions: stripe-billing-stand-in.ts),
// reached through the stripe SDK's host/port/protocol options. Never the real Stripe.
// Like Stripe, a POST with an Idempotency-Key is executed once: a repeat replays the saved answer, a
// repeat while the first is still running answers 409 `idempotency_key_in_use`, and the same key with
// other parameters answers 400 `idempotency_error`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { billingStandIn } from './stripe-billing-stand-in';

export type StandInSession = Record<string, unknown> & { id: string; payment_status: string; status: string };
export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
};
type Answer = { status: number; data: unknown };

const SECRET_KEY = 'sk_test_standin1234567890';

export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { body: string; answer: Answer | null }>();
  const sockets = new Set<Socket>();
  let failures = 0;
  let down = false;
  let latencyMs = 0;
  let readHoldMs = 0;
  const billing = billingStandIn();
  // What each session was opened with (a subscription's price, customer and trial).
  const sessionForms = new Map<string, URLSearchParams>();

  function createSession(form: URLSearchParams): Answer {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(\w+)\]$/.exec(key);
      if (match) metadata[match[1]] = value;
    }
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode: form.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: form.get('client_reference_id'),
      customer_email: form.get('customer_email'),
      customer: form.get('customer'),
      subscription: null,
      locale: form.get('locale'),
      metadata,
      success_url: form.get('success_url'),
      cancel_url: form.get('cancel_url'),
      url: `https://checkout.stripe.test/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionForms.set(id, form);
    return { status: 200, data: session };
  }

  function route(method: string, path: string, body: string): Answer {
    const billed = billing.route(method, path, new URLSearchParams(body));
    if (billed) return billed;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(new URLSearchParams(body));
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      if (!session)
        return {
          status: 404,
          data: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
          },
        };
      return { status: 200, data: session };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]));
      if (!session)
        return {
          status: 404,
          data: {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
          },
        };
      // As Stripe: only an open session can be expired.
      if (session.status !== 'open')
        return {
          status: 400,
          data: {
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
            },
          },
        };
      session.status = 'expired';
      return { status: 200, data: session };
    }
    return {
      status: 404,
      data: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  async function answer(req: IncomingMessage, path: string, body: string): Promise<Answer & { replayed?: boolean }> {
    if (failures > 0) {
      failures--;
      return { status: 500, data: { error: { type: 'api_error', message: 'The stand-in was told to fail.' } } };
    }
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`)
      return { status: 401, data: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string') {
      // A copy: the state as it was when the read arrived, whatever a test changes meanwhile.
      const answered = structuredClone(route(req.method ?? '', path, body));
      const hold = readHoldMs;
      readHoldMs = 0;
      if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
      return answered;
    }
    const seen = idempotent.get(key);
    if (seen && seen.body !== body) {
      return {
        status: 400,
        data: {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        },
      };
    }
    if (seen && !seen.answer) {
      return {
        status: 409,
        data: {
          error: {
            type: 'invalid_request_error',
            code: 'idempotency_key_in_use',
            message: 'There is currently another in-progress request using this Idempotency Key.',
          },
        },
      };
    }
    if (seen?.answer) return { ...seen.answer, replayed: true };
    const record: { body: string; answer: Answer | null } = { body, answer: null };
    idempotent.set(key, record);
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    record.answer = route(req.method ?? '', path, body);
    return record.answer;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, headers: req.headers, form: new URLSearchParams(body) });
      void answer(req, path, body).then(({ status, data, replayed }) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
          ...(replayed && { 'idempotent-replayed': 'true' }),
        });
        res.end(JSON.stringify(data));
      });
    });
  });
  // Unreachable: every connection is cut before a request is read (as a network outage or a
  // refused connection looks to the SDK), so nothing is executed or saved.
  server.on('connection', (socket) => {
    if (down) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey: SECRET_KEY,
    sessions,
    requests,
    ...billing,
    /** The buyer completed the subscription checkout `id` (trialing when it asked for a trial). */
    subscribe(id: string, status = 'active') {
      return billing.subscribe(sessions.get(id)!, sessionForms.get(id)!, status);
    },
    /**
     * The customer paid: the session is complete and paid, with the address they gave (Stripe asks for
     * it unless the session was opened with `customer_email`).
     */
    pay(id: string, email?: string) {
      const session = sessions.get(id)!;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.customer_details = { email: (session.customer_email as string | null) ?? email ?? null };
    },
    /** The session expired unpaid. */
    expire(id: string) {
      sessions.get(id)!.status = 'expired';
    },
    /** The next `count` requests (each SDK retry counts) answer 500, before anything is executed. */
    fail(count: number) {
      failures = count;
    },
    /** Stripe cannot be reached until `up()`: open connections are cut and new ones refused. */
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      down = false;
    },
    /** The next read (a GET) answers `ms` late, with the state of when it arrived: overtaken by later reads. */
    holdNextRead(ms: number) {
      readHoldMs = ms;
    },
    /** How long creating a session takes (so that concurrent requests overlap). */
    setLatency(ms: number) {
      latencyMs = ms;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
