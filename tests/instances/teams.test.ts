// Two operators of one workspace on two instances, one PostgreSQL: each sees the other's presence and the
// assignments live (LISTEN/NOTIFY), and a claim on one instance is refused, naming the winner, on the other.
import { Client } from 'pg';
import { sseReader } from '../support/sse';
import { uniqueEmail } from '../integration/emulator';
import { instances, signInAt, type Server } from './instances';

jest.setTimeout(180_000);

const servers = instances();
afterAll(() => servers.stopAll());

type Reader = ReturnType<typeof sseReader> & { close: () => void };
type Json = Record<string, unknown>;

async function call(server: Server, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${server.origin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: server.origin,
      'content-type': 'application/json',
      ...(init.cookie && { cookie: init.cookie }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (response.status === 204 ? null : await response.json()) as Json };
}

const signIn = (server: Server, prefix: string) => signInAt(server, uniqueEmail(prefix));

async function stream(server: Server, path: string, cookie: string): Promise<Reader> {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}${path}`, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}

async function expectEvent(reader: Reader, kind: string, match: (data: unknown) => boolean) {
  for (;;) {
    const found = reader.events.find((e) => e.event === kind && match(JSON.parse(e.data)));
    if (found) return JSON.parse(found.data);
    await reader.take(reader.events.length + 1, 15_000).catch((error: Error) => {
      throw new Error(`no ${kind} event as expected among ${JSON.stringify(reader.events)}: ${error.message}`);
    });
  }
}

const stateOf = (uid: string, state: string) => (data: unknown) =>
  (data as { uid: string; presence: string }[]).some((member) => member.uid === uid && member.presence === state);

it('shows operators on two instances each other’s presence and assignments live', async () => {
  const [a, b] = await Promise.all([servers.start('instance A'), servers.start('instance B')]);
  const owner = await signIn(b, 'teams-owner');
  const agent = await signIn(a, 'teams-agent');
  const { workspaces } = (await call(b, '/api/workspaces', { cookie: owner.cookie })).body as {
    workspaces: { id: string; personal: boolean }[];
  };
  const wid = workspaces.find((w) => w.personal)!.id;
  // The agent joins the owner's workspace at the data (invitations are another branch's).
  const db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  await db.query(`insert into workspace_members (workspace_id, uid, role) values ($1, $2, 'agent')`, [wid, agent.uid]);
  await db.end();

  const created = await call(b, '/api/widgets', {
    method: 'POST',
    body: { name: 'Team desk', allowedOrigins: [], accentColor: '#4338ca', locale: 'en' },
    cookie: owner.cookie,
  });
  expect(created.status).toBe(201);
  const widgetId = (created.body.widget as { id: string }).id;
  const api = `/api/workspaces/${wid}`;
  const ownerInbox = await stream(b, `${api}/inbox/events`, owner.cookie);

  // The agent opens the inbox on A: the owner on B sees them available, then away by hand.
  const agentInbox = await stream(a, `${api}/inbox/events`, agent.cookie);
  await expectEvent(ownerInbox, 'teammates', stateOf(agent.uid, 'available'));
  expect(
    (await call(a, `${api}/presence`, { method: 'PUT', body: { status: 'away' }, cookie: agent.cookie })).status,
  ).toBe(200);
  await expectEvent(ownerInbox, 'teammates', stateOf(agent.uid, 'away'));
  // And the agent on A sees the owner switch to available on B.
  expect(
    (await call(b, `${api}/presence`, { method: 'PUT', body: { status: 'available' }, cookie: owner.cookie })).status,
  ).toBe(200);
  await expectEvent(agentInbox, 'teammates', stateOf(owner.uid, 'available'));

  // A visitor writes; the agent claims on A, the owner on B sees it taken and its own claim is refused.
  const visitor = await call(a, `/api/widgets/${widgetId}/visitors`, { method: 'POST', body: {} });
  const started = await fetch(`${a.origin}/api/widgets/${widgetId}/conversations`, {
    method: 'POST',
    headers: { origin: a.origin, 'content-type': 'application/json', authorization: `Bearer ${visitor.body.token}` },
    body: JSON.stringify({ text: 'Who answers?' }),
  });
  expect(started.status).toBe(201);
  const cid = ((await started.json()).conversation as { id: string }).id;
  expect((await call(a, `${api}/inbox/${cid}/claim`, { method: 'POST', cookie: agent.cookie })).status).toBe(200);
  await expectEvent(
    ownerInbox,
    'conversation',
    (data) =>
      (data as { id: string; assignee: { uid: string } | null }).id === cid &&
      (data as { assignee: { uid: string } | null }).assignee?.uid === agent.uid,
  );
  const refused = await call(b, `${api}/inbox/${cid}/claim`, { method: 'POST', cookie: owner.cookie });
  expect(refused.status).toBe(409);
  expect((refused.body.error as { code: string }).code).toBe('alreadyAssigned');

  // The owner hands it back to nobody on B: the agent on A sees it unassigned.
  expect(
    (await call(b, `${api}/inbox/${cid}`, { method: 'PATCH', body: { assigneeId: null }, cookie: owner.cookie }))
      .status,
  ).toBe(200);
  await expectEvent(
    agentInbox,
    'conversation',
    (data) => (data as { id: string }).id === cid && (data as { assignee: unknown }).assignee === null,
  );
  ownerInbox.close();
  agentInbox.close();
});
