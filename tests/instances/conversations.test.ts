// A visitor on one instance, the owner on another, one PostgreSQL: messages, typing, "seen" and the
// team's presence travel both ways live (LISTEN/NOTIFY).
import { sseReader } from '../support/sse';
import { signUp, uniqueEmail } from '../integration/emulator';
import { instances, type Server } from './instances';

jest.setTimeout(180_000);

const servers = instances();
afterAll(() => servers.stopAll());

type Reader = ReturnType<typeof sseReader> & { close: () => void };

async function call(
  server: Server,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.origin}${path}`, {
    method: init.method ?? 'GET',
    headers: { origin: server.origin, 'content-type': 'application/json', ...init.headers },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

async function stream(server: Server, path: string, headers: Record<string, string>): Promise<Reader> {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}${path}`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}

/** Waits for an event of `kind` whose data satisfies `match`. */
async function expectEvent(reader: Reader, kind: string, match: (data: Record<string, unknown>) => boolean) {
  for (;;) {
    const found = reader.events.find((e) => e.event === kind && match(JSON.parse(e.data)));
    if (found) return JSON.parse(found.data);
    await reader.take(reader.events.length + 1, 15_000).catch((error: Error) => {
      throw new Error(`no ${kind} event as expected among ${JSON.stringify(reader.events)}: ${error.message}`);
    });
  }
}

it('carries a conversation between a visitor on one instance and its owner on another, both ways', async () => {
  const [a, b] = await Promise.all([servers.start('instance A'), servers.start('instance B')]);

  // The owner signs in on B; the session holds on A as well (one database).
  const account = await signUp(uniqueEmail('instances-owner'));
  const session = await fetch(`${b.origin}/api/session`, {
    method: 'POST',
    headers: { origin: b.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: account.idToken }),
  });
  expect(session.status).toBe(200);
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await call(b, '/api/widgets', {
    method: 'POST',
    body: { name: 'Two instances', allowedOrigins: [], accentColor: '#4338ca', locale: 'en' },
    headers: { cookie },
  });
  expect(created.status).toBe(201);
  const widgetId = created.body.widget.id as string;
  // The widget is in the owner's personal workspace, whose inbox the API serves under its id.
  const { workspaces } = (await call(b, '/api/workspaces', { headers: { cookie } })).body;
  const api = `/api/workspaces/${workspaces.find((w: { personal: boolean }) => w.personal).id}/inbox`;
  const inbox = await stream(b, `${api}/events`, { cookie });

  // The visitor lives on A.
  const visitor = await call(a, `/api/widgets/${widgetId}/visitors`, { method: 'POST', body: {} });
  expect(visitor.status).toBe(201);
  const bearer = { authorization: `Bearer ${visitor.body.token}` };
  const visitorStream = await stream(a, `/api/widgets/${widgetId}/events`, bearer);
  const question = `Across instances ${Date.now()}`;
  const started = await call(a, `/api/widgets/${widgetId}/conversations`, {
    method: 'POST',
    body: { text: question },
    headers: bearer,
  });
  expect(started.status).toBe(201);
  const cid = started.body.conversation.id as string;

  // A → B: the message, the account's unread total (the navigation's badge), typing.
  expect(
    (await expectEvent(inbox, 'message', (d) => (d.message as { text: string }).text === question)).conversation,
  ).toMatchObject({ id: cid, unread: 1 });
  await expectEvent(inbox, 'unread', (d) => d.total === 1);
  expect(
    (
      await call(a, `/api/widgets/${widgetId}/conversations/${cid}/typing`, {
        method: 'POST',
        body: { typing: true },
        headers: bearer,
      })
    ).status,
  ).toBe(204);
  await expectEvent(inbox, 'typing', (d) => d.conversationId === cid && d.sender === 'visitor' && d.typing === true);

  // B → A: typing, the answer, and "seen" of the visitor's message.
  expect(
    (await call(b, `${api}/${cid}/typing`, { method: 'POST', body: { typing: true }, headers: { cookie } })).status,
  ).toBe(204);
  await expectEvent(visitorStream, 'typing', (d) => d.conversationId === cid && d.sender === 'operator');
  const reply = await call(b, `${api}/${cid}/messages`, {
    method: 'POST',
    body: { text: 'Answered from B' },
    headers: { cookie },
  });
  expect(reply.status).toBe(201);
  await expectEvent(visitorStream, 'message', (d) => (d.message as { text: string }).text === 'Answered from B');
  // (Answering has read the conversation up to the answer.)
  await call(b, `${api}/${cid}`, {
    method: 'PATCH',
    body: { readUpTo: started.body.message.id },
    headers: { cookie },
  });
  await expectEvent(
    visitorStream,
    'read',
    (d) => d.conversationId === cid && d.reader === 'operator' && Number(d.upTo) >= started.body.message.id,
  );

  // The visitor reads the answer on A: the owner on B sees it.
  await call(a, `/api/widgets/${widgetId}/conversations/${cid}`, {
    method: 'PATCH',
    body: { readUpTo: reply.body.message.id },
    headers: bearer,
  });
  await expectEvent(
    inbox,
    'read',
    (d) => d.conversationId === cid && d.reader === 'visitor' && d.upTo === reply.body.message.id,
  );

  // The owner's inbox on B makes the team available to the visitor on A; away switches it off live.
  await expectEvent(visitorStream, 'presence', (d) => d.available === true);
  expect(
    (await call(b, `${api}/presence`, { method: 'PUT', body: { presence: 'away' }, headers: { cookie } })).status,
  ).toBe(200);
  await expectEvent(visitorStream, 'presence', (d) => d.available === false);

  inbox.close();
  visitorStream.close();
});
