// A member removed through one instance loses their inbox stream open on another at once (the `x` signal
// through PostgreSQL NOTIFY); the owner's stream there goes on.
import { ofetch } from 'ofetch';
import { sseReader } from '../support/sse';
import { uniqueEmail } from '../integration/emulator';
import { instances, signInAt, type Server } from './instances';

jest.setTimeout(180_000);

const servers = instances();
afterAll(() => servers.stopAll());

async function call(server: Server, path: string, cookie: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: { origin: server.origin, 'content-type': 'application/json', cookie },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

async function inboxStream(server: Server, wid: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/api/workspaces/${wid}/inbox/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}

it('ends a removed member’s inbox stream on another instance', async () => {
  const [a, b] = await Promise.all([servers.start('instance A'), servers.start('instance B')]);
  const owner = await signInAt(a, uniqueEmail('instances-owner'));
  const agent = await signInAt(b, uniqueEmail('instances-agent'));
  await ofetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${process.env.FIREBASE_PROJECT_ID ?? 'demo-plauder'}/accounts:update`,
    { method: 'POST', headers: { authorization: 'Bearer owner' }, body: { localId: agent.uid, emailVerified: true } },
  );
  const wid = (await call(a, '/api/workspaces', owner.cookie, 'POST', { name: 'Two instances' })).body.workspace.id;
  // A team needs a plan with seats: subscribed through the local test checkout, billing details first.
  const details = { name: 'Ada Lovelace', street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin' };
  const saved = await call(a, `/api/workspaces/${wid}/billing/details`, owner.cookie, 'PUT', {
    ...details,
    country: 'DE',
    business: false,
  });
  expect(saved.status).toBe(200);
  const checkout = await call(a, `/api/workspaces/${wid}/billing/checkout`, owner.cookie, 'POST', {
    plan: 'starter',
    interval: 'month',
  });
  expect(checkout.status).toBe(201);
  const session = /cs_local_[0-9a-f]{32}/.exec(checkout.body.url)![0];
  // A consumer charged at once asks for the start before the withdrawal period ends.
  const card = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace', immediateStart: true };
  expect((await call(a, `/api/checkout/subscription/${session}`, owner.cookie, 'POST', card)).status).toBe(200);
  expect(
    (await call(a, `/api/workspaces/${wid}/invitations`, owner.cookie, 'POST', { email: agent.email, role: 'agent' }))
      .status,
  ).toBe(201);
  // The mail is written after the answer: read the local mailbox until it is there.
  let token: string | undefined;
  for (let tries = 0; !token && tries < 50; tries++) {
    const html = await (await fetch(`${a.origin}/mailbox?to=${encodeURIComponent(agent.email)}`)).text();
    token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(html)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await call(b, '/api/invitations/accept', agent.cookie, 'POST', { token })).status).toBe(200);

  const agentStream = await inboxStream(b, wid, agent.cookie);
  const ownerStream = await inboxStream(b, wid, owner.cookie);
  await Promise.all([agentStream.comment('connected'), ownerStream.comment('connected')]);
  expect((await call(a, `/api/workspaces/${wid}/members/${agent.uid}`, owner.cookie, 'DELETE')).status).toBe(204);
  expect(await agentStream.ended(10_000)).toBe(true);
  expect(agentStream.events.map((event) => event.event)).toContain('removed');
  expect(await ownerStream.ended(500)).toBe(false);
  ownerStream.close();
  expect((await call(b, `/api/workspaces/${wid}/inbox`, agent.cookie)).status).toBe(404);
});
