// A note never reaches the visitor (issue 39, point 2): one test per path the visitor's side reads, each of which
// fails if the note leaks there: the thread, its pages, the list and its preview, unread counts and "seen", the
// event stream live and resumed, the transcript, the "team answered" e-mail; nor does it count as an answer.
import { eq, sql } from 'drizzle-orm';
import { GET as visitorThread } from '@/app/api/widgets/[id]/conversations/[cid]/route';
import { GET as visitorPage } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { GET as visitorList } from '@/app/api/widgets/[id]/conversations/route';
import { POST as transcript } from '@/app/api/widgets/[id]/conversations/[cid]/transcript/route';
import { PUT as saveSettings } from '@/app/api/settings/route';
import { database } from '@/lib/db';
import { conversations, mails, visitors } from '@/lib/db/schema';
import { notificationsSettled } from '@/lib/conversations/notify';
import { alertWaitingOperators } from '@/lib/conversations/alert-mail';
import { DEFAULT_SETTINGS } from '../support/settings';
import { apiRequest } from './signed-in';
import { ageConversation, visitorRequest, visitorStream } from './visitors';
import { conversationOfVisitor, noted, replied } from './notes';

const SECRET = 'Internal: this customer asked for a refund twice';
const ctx = (id: string, cid = '') => ({ params: Promise.resolve({ id, cid }) });

async function mailsTo(to: string) {
  await notificationsSettled();
  return (await database()).select().from(mails).where(eq(mails.to, to)).orderBy(mails.createdAt);
}

type Handler = (request: ReturnType<typeof visitorRequest>, context: ReturnType<typeof ctx>) => Promise<Response>;

async function read(widgetId: string, token: string, path: string, handler: Handler, cid = '') {
  const response = await handler(visitorRequest('GET', `/api/widgets/${widgetId}${path}`, token), ctx(widgetId, cid));
  expect(response.status).toBe(200);
  return response.json();
}

const texts = (messages: { text: string }[]) => messages.map((message) => message.text);

/** The texts of the messages a visitor's stream has had once nothing more arrives, and whether the note was there. */
async function streamed(stream: Awaited<ReturnType<typeof visitorStream>>) {
  const deadline = Date.now() + 5_000;
  while (!stream.events.some((e) => e.event === 'message') && Date.now() < deadline)
    await stream.take(stream.events.length + 1);
  await stream.settle(300);
  const messages = stream.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).message);
  return { texts: texts(messages), leaked: JSON.stringify(stream.events).includes('refund') };
}

describe('notes and the visitor', () => {
  it('leaves the visitor’s thread and its pages without the note', async () => {
    const { owner, widgetId, visitor, conversationId } = await conversationOfVisitor();
    await noted(owner, conversationId, SECRET);
    const answer = await replied(owner, conversationId, 'It ships today.');
    const path = `/conversations/${conversationId}`;
    const thread = await read(widgetId, visitor.token, path, visitorThread, conversationId);
    expect(texts(thread.messages)).toEqual(['Where is my order?', 'It ships today.']);
    const page = await read(widgetId, visitor.token, `${path}/messages`, visitorPage, conversationId);
    expect(texts(page.messages)).toEqual(['Where is my order?', 'It ships today.']);
    const older = await read(
      widgetId,
      visitor.token,
      `${path}/messages?before=${answer.id}`,
      visitorPage,
      conversationId,
    );
    expect(texts(older.messages)).toEqual(['Where is my order?']);
    expect(JSON.stringify([thread, page, older])).not.toContain('refund');
  });

  it('changes nothing the visitor’s list shows: last message, its time, unread answers, "seen"', async () => {
    const { owner, widgetId, visitor, conversationId } = await conversationOfVisitor();
    const before = (await read(widgetId, visitor.token, '/conversations', visitorList)).conversations[0];
    await noted(owner, conversationId, SECRET);
    const after = (await read(widgetId, visitor.token, '/conversations', visitorList)).conversations[0];
    expect(after).toEqual(before);
    expect(after).toMatchObject({ lastMessagePreview: 'Where is my order?', unread: 0 });
    const [row] = await (await database()).select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row).toMatchObject({ visitorUnread: 0, operatorReadId: 0, lastSender: 'visitor' });
  });

  it('never sends the note on the visitor’s event stream, live or resumed', async () => {
    const { owner, widgetId, visitor, conversationId, first } = await conversationOfVisitor();
    const live = await visitorStream(widgetId, visitor);
    try {
      await live.take(1);
      await noted(owner, conversationId, SECRET);
      await replied(owner, conversationId, 'It ships today.');
      expect(await streamed(live)).toEqual({ texts: ['It ships today.'], leaked: false });
    } finally {
      live.close();
    }
    // Resumed from before the note: the log the stream reads has no note either.
    const resumed = await visitorStream(widgetId, visitor, first.id);
    try {
      expect(await streamed(resumed)).toEqual({ texts: ['It ships today.'], leaked: false });
    } finally {
      resumed.close();
    }
  });

  it('keeps the note out of the transcript', async () => {
    const { owner, widgetId, visitor, conversationId } = await conversationOfVisitor();
    await noted(owner, conversationId, SECRET);
    await replied(owner, conversationId, 'It ships today.');
    const address = `transcript-${Date.now()}@example.com`;
    await (
      await database()
    )
      .update(visitors)
      .set({ transcriptEmail: address })
      .where(eq(visitors.id, visitor.visitorId));
    const asked = await transcript(
      visitorRequest('POST', `/api/widgets/${widgetId}/conversations/${conversationId}/transcript`, visitor.token, {}),
      ctx(widgetId, conversationId),
    );
    expect([asked.status, await asked.json()]).toEqual([202, { status: 'sent', email: address }]);
    const [sent] = await mailsTo(address);
    expect(sent.kind).toBe('transcript');
    expect(sent.text).toContain('It ships today.');
    expect(sent.text + sent.html).not.toContain('refund');
  });

  it('sends no "team answered" e-mail for a note, and none of its text with a reply', async () => {
    const { owner, conversationId, visitor } = await conversationOfVisitor();
    const address = `left-${Date.now()}@example.com`;
    await (
      await database()
    )
      .update(visitors)
      .set({ email: address, lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(visitors.id, visitor.visitorId));
    await noted(owner, conversationId, SECRET);
    expect(await mailsTo(address)).toHaveLength(0);
    const [row] = await (await database()).select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row.visitorNotifiedAt).toBeNull();
    await replied(owner, conversationId, 'It ships today.');
    const [sent, ...more] = await mailsTo(address);
    expect([sent.kind, more]).toEqual(['operatorReply', []]);
    expect(sent.text + sent.html).not.toContain('refund');
  });

  it('does not count as an answer: the visitor still waits, and the operator is still alerted', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    const settings = { ...DEFAULT_SETTINGS, emailAlerts: 'after5' };
    expect((await saveSettings(apiRequest('PUT', '/api/settings', owner, settings))).status).toBe(200);
    await noted(owner, conversationId, SECRET);
    await ageConversation(conversationId, 6);
    await alertWaitingOperators();
    const sent = await mailsTo(owner.email);
    expect(sent.map((mail) => mail.kind)).toEqual(['visitorWaiting']);
    expect(sent[0].text).toContain('Where is my order?');
  });
});
