// A rolling deploy: instance A gets SIGTERM (through npm start's script, as a supervisor sends it) while
// uploads are half sent and event streams are open on it. A accepts nothing new, answers the uploads,
// tells every stream (the lobby's, a visitor's, an inbox) to reconnect and ends it, frees their slots and
// exits 0; the streams resume on B with Last-Event-ID, with what was posted meanwhile once and in order.
import { request, type IncomingMessage } from 'node:http';
import { uniqueAddress } from '../support/addresses';
import { createChatRoom, sql } from '../support/pg';
import { signInTo } from '../support/sign-in';
import { sseReader, until } from '../support/sse';
import { instances, type Server } from './instances';

jest.setTimeout(180_000);

const servers = instances();
afterAll(() => servers.stopAll());

// Each test client its own address (behind a trusted proxy), so that its stream slots are its own.
const ENV = { TRUST_PROXY: '1', CHAT_POSTS_PER_WINDOW: '1000' };
const address = uniqueAddress();

type Reader = ReturnType<typeof sseReader> & { close: () => void };

function headersFor(server: Server, extra: Record<string, string> = {}) {
  return { origin: server.origin, 'content-type': 'application/json', 'x-forwarded-for': address, ...extra };
}

async function call(server: Server, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: headersFor(server, headers),
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function stream(server: Server, path: string, headers: Record<string, string> = {}): Promise<Reader> {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}${path}`, {
    headers: { 'x-forwarded-for': address, ...headers },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}

/** The texts of the `message` events a stream has had so far (lobby events carry the message itself). */
const texts = (reader: Reader) =>
  reader.events
    .filter((event) => event.event === 'message')
    .map((event) => {
      const data = JSON.parse(event.data) as { text?: string; message?: { text: string } };
      return data.message?.text ?? data.text;
    });

async function waitForTexts(reader: Reader, expected: string[]) {
  while (texts(reader).length < expected.length) await reader.take(reader.events.length + 1, 15_000);
  expect(texts(reader)).toEqual(expected);
}

/** A POST whose body is half sent: `finish()` sends the rest and answers the response. */
function halfSent(server: Server, path: string, body: unknown, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(JSON.stringify(body));
  const { hostname, port } = new URL(server.origin);
  const sending = request({
    host: hostname,
    port,
    path,
    method: 'POST',
    headers: { ...headersFor(server, headers), 'content-length': String(bytes.length) },
  });
  const answered = new Promise<{ response: IncomingMessage; body: string }>((resolve, reject) => {
    sending.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ response, body: text }));
    });
    sending.on('error', reject);
  });
  // Awaited by finish(); a connection cut before then must not be an unhandled rejection meanwhile.
  answered.catch(() => {});
  sending.write(bytes.subarray(0, bytes.length >> 1));
  return {
    finish() {
      sending.end(bytes.subarray(bytes.length >> 1));
      return answered;
    },
  };
}

it('drains A on SIGTERM: uploads answered, streams moved to B without a gap or a repeat, slots freed, exit 0', async () => {
  const [a, b] = await Promise.all([
    servers.start('instance A', { env: ENV }),
    servers.start('instance B', { env: ENV }),
  ]);
  const room = await createChatRoom();
  const run = `drain-${Date.now()}`;

  // An owner with a widget, signed in on A; a visitor of the widget on A, in a conversation with them.
  const { cookie } = await signInTo(a.origin, 'drain-owner');
  const widget = await call(
    a,
    '/api/widgets',
    { name: 'Drained', allowedOrigins: [], accentColor: '#4338ca', locale: 'en' },
    { cookie },
  );
  expect(widget.status).toBe(201);
  const widgetId = widget.body.widget.id as string;
  const visitor = await call(a, `/api/widgets/${widgetId}/visitors`, {});
  const bearer = { authorization: `Bearer ${visitor.body.token}` };

  const lobby = await stream(a, `/api/chat/${room}/events`);
  const listed = await fetch(`${a.origin}/api/workspaces`, { headers: { cookie } });
  const api = `/api/workspaces/${(await listed.json()).workspaces.find((w: { personal: boolean }) => w.personal).id}/inbox`;
  const inbox = await stream(a, `${api}/events`, { cookie });
  const visitorStream = await stream(a, `/api/widgets/${widgetId}/events`, bearer);
  const first = await call(a, `/api/chat/${room}/messages`, { text: `${run} first`, name: 'Ada' });
  expect(first.status).toBe(201);
  const started = await call(a, `/api/widgets/${widgetId}/conversations`, { text: `${run} question` }, bearer);
  expect(started.status).toBe(201);
  const cid = started.body.conversation.id as string;
  await waitForTexts(lobby, [`${run} first`]);
  await waitForTexts(inbox, [`${run} question`]);
  await waitForTexts(visitorStream, [`${run} question`]);
  const slots = async () =>
    (
      await sql<{ n: number }>(`select count(*)::int as n from stream_leases where key = $1 or key = $2`, [
        address,
        `${widgetId}@${address}`,
      ])
    )[0].n;
  expect(await slots()).toBe(3);

  // Two uploads half sent when the signal comes: a guest's lobby post and the owner's reply.
  const post = halfSent(a, `/api/chat/${room}/messages`, { text: `${run} uploaded`, name: 'Grace' });
  const reply = halfSent(a, `${api}/${cid}/messages`, { text: `${run} reply uploaded` }, { cookie });
  await new Promise((resolve) => setTimeout(resolve, 500));
  process.kill(a.pid, 'SIGTERM');

  // Every stream is told when to reconnect, and ends; its slot is freed.
  for (const reader of [lobby, inbox, visitorStream]) {
    expect(await reader.ended(10_000)).toBe(true);
    // The hello's reconnection time, then the drain's.
    expect(reader.retries).toHaveLength(2);
    expect(reader.retries.at(-1)).toBeGreaterThanOrEqual(1_000);
    expect(reader.retries.at(-1)).toBeLessThan(3_000);
  }
  await until(slots, 0);
  await expect(fetch(`${a.origin}/api/health`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });

  // Posted on B meanwhile; then the uploads complete on A with their usual answers.
  expect((await call(b, `/api/chat/${room}/messages`, { text: `${run} on B`, name: 'Ada' })).status).toBe(201);
  const visitorOnB = await call(
    b,
    `/api/widgets/${widgetId}/conversations/${cid}/messages`,
    { text: `${run} on B` },
    bearer,
  );
  expect(visitorOnB.status).toBe(201);
  for (const [upload, text] of [
    [post, `${run} uploaded`],
    [reply, `${run} reply uploaded`],
  ] as const) {
    const { response, body } = await upload.finish();
    expect(response.statusCode).toBe(201);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(body).message.text).toBe(text);
  }
  expect(await a.exited).toBe(0);
  // The three streams and the two uploads at least were open when the signal came.
  expect(Number(/SIGTERM: draining \((\d+) requests and streams open/.exec(a.output())?.[1])).toBeGreaterThanOrEqual(5);
  expect(a.output()).toContain('SIGTERM: drained in');
  expect(a.output()).not.toContain('stopping now');

  // The clients reconnect to B (as a load balancer would send them) after the time A told them, from the
  // last event they had: each gets what it missed, once, in order.
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(...[lobby, inbox, visitorStream].map((r) => r.retries.at(-1)!))),
  );
  const resume = (reader: Reader) => ({ 'last-event-id': reader.events.filter((e) => e.id).at(-1)!.id! });
  const lobbyOnB = await stream(b, `/api/chat/${room}/events`, resume(lobby));
  const inboxOnB = await stream(b, `${api}/events`, { cookie, ...resume(inbox) });
  const visitorOnBStream = await stream(b, `/api/widgets/${widgetId}/events`, { ...bearer, ...resume(visitorStream) });
  await waitForTexts(lobbyOnB, [`${run} on B`, `${run} uploaded`]);
  await waitForTexts(inboxOnB, [`${run} on B`, `${run} reply uploaded`]);
  await waitForTexts(visitorOnBStream, [`${run} on B`, `${run} reply uploaded`]);
  for (const reader of [lobbyOnB, inboxOnB, visitorOnBStream]) {
    await reader.settle(500);
    reader.close();
  }
  expect(texts(lobbyOnB)).toHaveLength(2);
  expect(texts(inboxOnB)).toHaveLength(2);
  expect(texts(visitorOnBStream)).toHaveLength(2);
});
