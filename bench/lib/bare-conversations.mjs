// Child process of servers.mjs: the conversations' bare reference. A plain node:http server that speaks
// the part of the app's API the conversations load uses (a widget, visitors, conversations, messages,
// the visitor's and the inbox's event streams) with everything in memory: no database, no framework, no
// session. Each message is fanned out as the app does it (one frame to its visitor's stream, one to every
// inbox stream, a heartbeat comment every 15 s), with frames of the app's shape, so that the CPU per
// message it needs is the floor under the app's figure on the same host and load.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const HEARTBEAT_MS = Number(process.env.CHAT_HEARTBEAT_MS ?? 15_000);
const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' };
const WORKSPACE = 'bare-workspace';

const widgets = new Set();
const visitorsByToken = new Map();
const conversations = new Map();
const inboxStreams = new Set();
let nextMessageId = 1;

function answer(res, status, body) {
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify(body));
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {});
      } catch {
        resolve(null);
      }
    });
  });
}

function openStream(res, streams) {
  res.writeHead(200, SSE_HEADERS);
  res.write(': connected\n\n');
  streams.add(res);
  res.on('close', () => streams.delete(res));
}

const preview = (text) => text.slice(0, 120);

/** Stores a message and writes its frames: the visitor's view to the visitor, the inbox's to every operator. */
function post(conversation, sender, text) {
  const now = new Date().toISOString();
  const message = {
    id: nextMessageId++,
    conversationId: conversation.id,
    sender,
    authorName: sender === 'operator' ? 'Operator' : null,
    text,
    createdAt: now,
  };
  Object.assign(conversation, { lastMessageAt: now, lastMessagePreview: preview(text), lastSender: sender });
  if (sender === 'visitor') conversation.operatorUnread++;
  else conversation.visitorUnread++;
  const visitorView = {
    id: conversation.id,
    status: 'open',
    createdAt: conversation.createdAt,
    lastMessageAt: now,
    lastMessagePreview: conversation.lastMessagePreview,
    unread: conversation.visitorUnread,
    seenUpTo: null,
  };
  const inboxView = {
    ...visitorView,
    widget: { id: conversation.widgetId, name: 'Bench' },
    assignee: null,
    lastSender: sender,
    unread: conversation.operatorUnread,
    pageUrl: null,
    pageTitle: null,
    locale: 'en',
    visitor: { id: conversation.visitorId, userId: null, verified: false, name: null, email: null },
  };
  const visitorFrame = `id: ${message.id}\nevent: message\ndata: ${JSON.stringify({ message: { ...message, authorPhoto: null }, conversation: visitorView })}\n\n`;
  const inboxFrame = `id: ${message.id}\nevent: message\ndata: ${JSON.stringify({ message, conversation: inboxView })}\n\n`;
  for (const stream of conversation.visitorStreams) stream.write(visitorFrame);
  for (const stream of inboxStreams) stream.write(inboxFrame);
  return message;
}

const routes = [
  [
    'POST',
    /^\/api\/widgets$/,
    async (req, res) => {
      const id = randomUUID();
      widgets.add(id);
      answer(res, 201, { widget: { id } });
    },
  ],
  [
    'GET',
    /^\/api\/workspaces$/,
    (req, res) => answer(res, 200, { workspaces: [{ id: WORKSPACE, name: 'Bench', role: 'owner', personal: true }] }),
  ],
  ['GET', /^\/api\/workspaces\/[^/]+\/inbox\/events$/, (req, res) => openStream(res, inboxStreams)],
  [
    'POST',
    /^\/api\/widgets\/([^/]+)\/visitors$/,
    (req, res, [widgetId]) => {
      if (!widgets.has(widgetId)) return answer(res, 404, { error: { code: 'notFound' } });
      const visitor = { id: randomUUID(), widgetId, streams: new Set() };
      const token = randomUUID();
      visitorsByToken.set(token, visitor);
      answer(res, 201, { token, visitorId: visitor.id });
    },
  ],
  [
    'GET',
    /^\/api\/widgets\/([^/]+)\/events$/,
    (req, res, [widgetId], visitor) => {
      if (!visitor || visitor.widgetId !== widgetId)
        return answer(res, 401, { error: { code: 'invalidVisitorToken' } });
      openStream(res, visitor.streams);
    },
  ],
  [
    'POST',
    /^\/api\/widgets\/([^/]+)\/conversations$/,
    async (req, res, [widgetId], visitor) => {
      const body = await readBody(req);
      if (!visitor || visitor.widgetId !== widgetId)
        return answer(res, 401, { error: { code: 'invalidVisitorToken' } });
      if (typeof body?.text !== 'string') return answer(res, 400, { error: { code: 'invalidInput' } });
      const conversation = {
        id: randomUUID(),
        widgetId,
        visitorId: visitor.id,
        visitorStreams: visitor.streams,
        createdAt: new Date().toISOString(),
        operatorUnread: 0,
        visitorUnread: 0,
      };
      conversations.set(conversation.id, conversation);
      post(conversation, 'visitor', body.text);
      answer(res, 201, { conversation: { id: conversation.id } });
    },
  ],
  [
    'POST',
    /^\/api\/widgets\/([^/]+)\/conversations\/([^/]+)\/messages$/,
    async (req, res, [, id], visitor) => {
      const body = await readBody(req);
      const conversation = conversations.get(id);
      if (!visitor || conversation?.visitorId !== visitor.id) return answer(res, 404, { error: { code: 'notFound' } });
      if (typeof body?.text !== 'string') return answer(res, 400, { error: { code: 'invalidInput' } });
      answer(res, 201, { message: post(conversation, 'visitor', body.text) });
    },
  ],
  [
    'POST',
    /^\/api\/workspaces\/[^/]+\/inbox\/([^/]+)\/messages$/,
    async (req, res, [id]) => {
      const body = await readBody(req);
      const conversation = conversations.get(id);
      if (!conversation) return answer(res, 404, { error: { code: 'notFound' } });
      if (typeof body?.text !== 'string') return answer(res, 400, { error: { code: 'invalidInput' } });
      answer(res, 201, { message: post(conversation, 'operator', body.text) });
    },
  ],
];

const server = createServer((req, res) => {
  const path = req.url.split('?')[0];
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  for (const [method, pattern, serve] of routes) {
    const match = req.method === method && pattern.exec(path);
    if (match) return void serve(req, res, match.slice(1), token && visitorsByToken.get(token));
  }
  answer(res, 404, { error: { code: 'notFound' } });
});
server.requestTimeout = 0;
setInterval(() => {
  for (const stream of inboxStreams) stream.write(': heartbeat\n\n');
  for (const visitor of visitorsByToken.values()) for (const stream of visitor.streams) stream.write(': heartbeat\n\n');
}, HEARTBEAT_MS).unref();
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
