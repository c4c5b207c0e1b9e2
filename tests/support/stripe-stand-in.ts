// A local HTTP stand-in for the parts of Stripe's API the app calls (Checkout Sessions: create and
// retrieve), reached through the stripe SDK's host/port/protocol options. Never the real Stripe.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export type StandInSession = Record<string, unknown> & { id: string; payment_status: string; status: string };
export type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams };

export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const requests: RecordedRequest[] = [];
  let failures = 0;

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, headers: req.headers, form: new URLSearchParams(body) });
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(data));
      };
      if (failures > 0) {
        failures--;
        return send(500, { error: { type: 'api_error', message: 'The stand-in was told to fail.' } });
      }
      if (req.headers.authorization !== 'Bearer sk_test_standin1234567890') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
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
          locale: form.get('locale'),
          metadata,
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1]));
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
        return send(200, session);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey: 'sk_test_standin1234567890',
    sessions,
    requests,
    /** The customer paid: the session is complete and paid. */
    pay(id: string) {
      const session = sessions.get(id)!;
      session.status = 'complete';
      session.payment_status = 'paid';
    },
    /** The next `count` requests (each SDK retry counts) answer 500. */
    fail(count: number) {
      failures = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
