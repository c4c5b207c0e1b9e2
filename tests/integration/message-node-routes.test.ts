// The two messages' POSTs as `npm start`'s server answers them: on the Node response, without Next's router
// (lib/conversations/node-routes.ts), with the route handlers' own checks, errors and idempotency.
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NodeRoute } from '@/server/node-bridge.mjs';
import { GET as visitorMessages } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { conversationNodeRoutes } from '@/lib/conversations/node-routes';
import { CONVERSATION_BODY_LIMIT } from '@/lib/conversations/constants';
import { notificationsSettled } from '@/lib/conversations/notify';
import de from '@/messages/de.json';
import { ORIGIN } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest, type Owner, type Visitor } from './visitors';

let server: Server;
let origin: string;
const answers = conversationNodeRoutes.filter((route: NodeRoute) => /message|reply/.test(route.name));

beforeAll(async () => {
  server = createServer((req, res) => {
    for (const route of conversationNodeRoutes) {
      const params = route.match(req.method, req.url);
      if (params) return void route.serve(req, res, params);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await notificationsSettled();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let owner: Owner;
let widgetId: string;
let visitor: Visitor;
let conversationId: string;

beforeAll(async () => {
  ({ owner, widgetId } = await ownWidget());
  visitor = await newVisitor(widgetId);
  conversationId = (await converse(widgetId, visitor, 'Hello')).conversation.id;
});

const visitorPath = () => `/api/widgets/${widgetId}/conversations/${conversationId}/messages`;
const replyPath = () => `/api/workspaces/${owner.workspaceId}/inbox/${conversationId}/messages`;

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    body,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
  });
}
const asVisitor = (headers: Record<string, string> = {}) => ({ authorization: `Bearer ${visitor.token}`, ...headers });

async function thread(): Promise<string[]> {
  const response = await visitorMessages(visitorRequest('GET', visitorPath(), visitor.token), {
    params: Promise.resolve({ id: widgetId, cid: conversationId }),
  });
  return ((await response.json()).messages as Array<{ text: string }>).map((message) => message.text);
}

it('answers only the POSTs of a visitor message and an operator reply', () => {
  expect(answers.map((route) => route.name)).toEqual(['visitor message', 'operator reply']);
  const [visitorRoute, replyRoute] = answers;
  expect(visitorRoute.match('POST', '/api/widgets/w1/conversations/c1/messages?x=1')).toEqual({ id: 'w1', cid: 'c1' });
  expect(visitorRoute.match('GET', '/api/widgets/w1/conversations/c1/messages')).toBeNull();
  expect(visitorRoute.match('POST', '/api/widgets/w1/conversations/c1/typing')).toBeNull();
  expect(replyRoute.match('POST', '/api/workspaces/ws/inbox/c1/messages')).toEqual({ wid: 'ws', cid: 'c1' });
  expect(replyRoute.match('POST', '/api/workspaces/ws/inbox/c1')).toBeNull();
});

it("stores a visitor's message once per idempotency key, as the route handler does", async () => {
  const send = () =>
    post(visitorPath(), JSON.stringify({ text: 'Over Node' }), asVisitor({ 'idempotency-key': 'node-route-1' }));
  const first = await send();
  expect(first.status).toBe(201);
  expect(first.headers.get('cache-control')).toBe('no-store');
  const { message } = await first.json();
  expect(message).toMatchObject({ sender: 'visitor', text: 'Over Node', conversationId });
  const again = await send();
  expect(again.status).toBe(200);
  expect((await again.json()).message.id).toBe(message.id);
  expect((await thread()).filter((text) => text === 'Over Node')).toHaveLength(1);
});

it('refuses as the API does, translated, and writes nothing', async () => {
  const before = await thread();
  const refusal = async (response: Response) => [response.status, (await response.json()).error];
  expect(
    await refusal(await post(visitorPath(), '{"text":"x"}', asVisitor({ origin: 'https://evil.example' }))),
  ).toEqual([403, expect.objectContaining({ code: 'forbiddenOrigin' })]);
  const german = await post(visitorPath(), '{"text":', asVisitor({ 'accept-language': 'de' }));
  expect(await refusal(german)).toEqual([400, { code: 'invalidJson', message: de.Api.errors.invalidJson }]);
  const tooLarge = JSON.stringify({ text: 'x'.repeat(CONVERSATION_BODY_LIMIT) });
  expect((await post(visitorPath(), tooLarge, asVisitor())).status).toBe(413);
  expect(await refusal(await post(visitorPath(), '{"text":"x"}', { authorization: 'Bearer forged' }))).toEqual([
    401,
    expect.objectContaining({ code: 'invalidVisitorToken' }),
  ]);
  const stranger = await newVisitor(widgetId);
  const foreign = await post(visitorPath(), '{"text":"x"}', { authorization: `Bearer ${stranger.token}` });
  expect(await refusal(foreign)).toEqual([404, expect.objectContaining({ code: 'notFound' })]);
  expect(await thread()).toEqual(before);
});

it("stores an operator's reply with the member's session, and refuses anyone else", async () => {
  const reply = await post(replyPath(), JSON.stringify({ text: 'Answered over Node' }), { cookie: owner.cookie });
  expect(reply.status).toBe(201);
  expect((await reply.json()).message).toMatchObject({ sender: 'operator', text: 'Answered over Node' });
  expect((await post(replyPath(), '{"text":"x"}', {})).status).toBe(401);
  const other = await ownWidget();
  const outsider = await post(replyPath(), '{"text":"x"}', { cookie: other.owner.cookie });
  expect(outsider.status).toBe(404);
  expect((await thread()).filter((text) => text === 'x')).toEqual([]);
});

it('leaves a kept-alive connection ready for the next request after a refusal that read no body', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (headers: Record<string, string>, text: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${origin}${visitorPath()}`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', ...asVisitor(), ...headers } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ text }));
    });
  // Refused before the body is read; the same socket then carries a message that is stored.
  expect(await send({ origin: 'https://evil.example' }, 'x'.repeat(300_000))).toBe(403);
  expect(await send({ origin: ORIGIN }, 'After a refusal')).toBe(201);
  agent.destroy();
});
