// E-mail around conversations, through the one mail module (local mode: the mails table /mailbox lists),
// and what is deleted when: the retention job, a deleted widget.
import { NextRequest } from 'next/server';
import { eq, sql } from 'drizzle-orm';
import { PATCH as visitorDetails } from '@/app/api/widgets/[id]/visitors/route';
import { POST as post } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { POST as transcript } from '@/app/api/widgets/[id]/conversations/[cid]/transcript/route';
import { GET as visitorEvents } from '@/app/api/widgets/[id]/events/route';
import { POST as reply } from '@/app/api/conversations/[cid]/messages/route';
import { PATCH as patchConversation } from '@/app/api/conversations/[cid]/route';
import { PUT as setPresence } from '@/app/api/conversations/presence/route';
import { PATCH as updateWidget, DELETE as deleteWidget } from '@/app/api/widgets/[id]/route';
import { database } from '@/lib/db';
import { conversationMessages, conversations, mails, visitors } from '@/lib/db/schema';
import { notificationsSettled, notifyUnanswered } from '@/lib/conversations/notify';
import { applyRetention } from '@/lib/conversations/retention';
import { verifyVisitorToken } from '@/lib/conversations/token';
import { sseReader } from '../support/sse';
import { ORIGIN, apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest } from './visitors';

const ctx = (id: string, cid = '') => ({ params: Promise.resolve({ id, cid }) });
const cidCtx = (cid: string) => ({ params: Promise.resolve({ cid }) });

async function mailsTo(to: string) {
  await notificationsSettled();
  return (await database()).select().from(mails).where(eq(mails.to, to)).orderBy(mails.createdAt);
}

describe('notifications', () => {
  it('mails the owner once per conversation in 10 minutes while nobody is available', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Is anyone there?');
    await post(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/conversations/${conversation.id}/messages`,
        visitor.token,
        { text: 'Hello?' },
        { 'x-forwarded-for': visitor.address },
      ),
      ctx(widgetId, conversation.id),
    );
    const sent = await mailsTo(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'visitorWaiting',
      subject: 'A visitor is waiting for an answer in Help desk',
    });
    expect(sent[0].text).toContain('Is anyone there?');
    expect(sent[0].text).toContain(`/dashboard/inbox?conversation=${conversation.id}`);
    expect(sent[0].html).toContain('<a href=');
  });

  it('waits two minutes while the team is available, then mails once', async () => {
    const team = `team-${Date.now()}@example.com`;
    const { owner, widgetId } = await ownWidget(undefined, { notifyEmail: team, locale: 'de' });
    expect(
      (await setPresence(apiRequest('PUT', '/api/conversations/presence', owner, { presence: 'available' }))).status,
    ).toBe(200);
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Kurze Frage <script>alert(1)</script>');
    expect(await mailsTo(team)).toHaveLength(0);
    await (
      await database()
    )
      .update(conversations)
      .set({ lastMessageAt: sql`now() - interval '3 minutes'` })
      .where(eq(conversations.id, conversation.id));
    await notifyUnanswered();
    await notifyUnanswered();
    const sent = await mailsTo(team);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Ein Besucher wartet in Help desk auf eine Antwort');
    expect(sent[0].html).toContain('&lt;script&gt;');
    expect(sent[0].html).not.toContain('<script>');
  });

  it('drains a backlog of waiting conversations in one sweep, the longest wait first', async () => {
    const team = `backlog-${Date.now()}@example.com`;
    const { widgetId } = await ownWidget(undefined, { notifyEmail: team });
    const db = await database();
    // More than one query's batch: a sweep used to stop at 50, in no particular order.
    const waiting = Array.from({ length: 52 }, (_, i) => ({ id: `backlog-${widgetId}-${i}`, waitedMinutes: 3 + i }));
    await db.insert(visitors).values(waiting.map(({ id }) => ({ id, widgetId })));
    await db.insert(conversations).values(
      waiting.map(({ id, waitedMinutes }) => ({
        widgetId,
        visitorId: id,
        requestKey: id,
        locale: 'en' as const,
        lastMessagePreview: `Waiting ${waitedMinutes} minutes`,
        operatorUnread: 1,
        lastMessageAt: sql`now() - ${`${waitedMinutes} minutes`}::interval`,
      })),
    );
    expect(await notifyUnanswered()).toBeGreaterThanOrEqual(52);
    const sent = await mailsTo(team);
    expect(sent).toHaveLength(52);
    expect(sent[0].text).toContain('Waiting 54 minutes');
  });

  it('mails an operator’s reply to a visitor who has left and gave an address, with a link back', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Please write back');
    const vera = `vera-${Date.now()}@example.com`;
    const given = await visitorDetails(
      visitorRequest('PATCH', `/api/widgets/${widgetId}/visitors`, visitor.token, { email: vera, name: 'Vera' }),
      ctx(widgetId),
    );
    expect(await given.json()).toEqual({ visitor: { name: 'Vera', email: vera, verified: false } });

    // Still there (the widget's stream is open): no e-mail.
    const controller = new AbortController();
    const stream = await visitorEvents(
      new NextRequest(`${ORIGIN}/api/widgets/${widgetId}/events`, {
        headers: { authorization: `Bearer ${visitor.token}` },
        signal: controller.signal,
      }),
      ctx(widgetId),
    );
    await sseReader(stream.body!).take(1);
    await reply(
      apiRequest('POST', `/api/conversations/${conversation.id}/messages`, owner, { text: 'Here is the answer.' }),
      cidCtx(conversation.id),
    );
    expect(await mailsTo(vera)).toHaveLength(0);
    controller.abort();

    // Gone: the next reply goes by e-mail.
    await (
      await database()
    )
      .update(visitors)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(visitors.id, visitor.visitorId));
    await reply(
      apiRequest('POST', `/api/conversations/${conversation.id}/messages`, owner, { text: 'Anything else?' }),
      cidCtx(conversation.id),
    );
    const [sent] = await mailsTo(vera);
    expect(sent).toMatchObject({ kind: 'operatorReply', subject: 'Help desk has answered you' });
    expect(sent.text).toContain('Anything else?');
    const link = /(http\S+\/embed\/\S+)/.exec(sent.text)![1];
    const url = new URL(link);
    expect(url.origin).toBe(ORIGIN);
    expect(url.searchParams.get('conversation')).toBe(conversation.id);
    expect(verifyVisitorToken(new URLSearchParams(url.hash.slice(1)).get('token'), widgetId).visitorId).toBe(
      visitor.visitorId,
    );
  });

  it('mails a transcript to the visitor on request, once in 10 minutes', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'What are your prices?');
    await reply(
      apiRequest('POST', `/api/conversations/${conversation.id}/messages`, owner, { text: 'From 29 € a month.' }),
      cidCtx(conversation.id),
    );
    const tom = `tom-${Date.now()}@example.com`;
    const ask = () =>
      transcript(
        visitorRequest('POST', `/api/widgets/${widgetId}/conversations/${conversation.id}/transcript`, visitor.token, {
          email: tom,
        }),
        ctx(widgetId, conversation.id),
      );
    expect((await ask()).status).toBe(202);
    expect((await ask()).status).toBe(429);
    const sent = await mailsTo(tom);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Your conversation with Help desk');
    expect(sent[0].text).toMatch(/You\nWhat are your prices\?[\s\S]*\nFrom 29 € a month\./);
  });
});

describe('deletion', () => {
  it('deletes closed conversations after the widget’s retention, and nothing else', async () => {
    const { owner, widgetId } = await ownWidget();
    const keeper = await ownWidget();
    expect(
      (await updateWidget(apiRequest('PATCH', `/api/widgets/${widgetId}`, owner, { retentionDays: 30 }), ctx(widgetId)))
        .status,
    ).toBe(200);
    const ids: string[] = [];
    for (const [widget, text] of [
      [widgetId, 'old and closed'],
      [widgetId, 'recently closed'],
      [widgetId, 'old but open'],
      [keeper.widgetId, 'no retention'],
    ] as const) {
      ids.push((await converse(widget, await newVisitor(widget), text)).conversation.id);
    }
    const db = await database();
    for (const id of [ids[0], ids[1], ids[3]]) {
      const who = id === ids[3] ? keeper.owner : owner;
      expect(
        (
          await patchConversation(
            apiRequest('PATCH', `/api/conversations/${id}`, who, { status: 'closed' }),
            cidCtx(id),
          )
        ).status,
      ).toBe(200);
    }
    await db
      .update(conversations)
      .set({ closedAt: sql`now() - interval '31 days'`, createdAt: sql`now() - interval '40 days'` })
      .where(sql`${conversations.id} in (${ids[0]}, ${ids[3]})`);
    await db
      .update(conversations)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(conversations.id, ids[2]));
    const removed = await applyRetention();
    expect(removed.conversations).toBeGreaterThanOrEqual(1);
    const left = (
      await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(sql`${conversations.id} in (${ids[0]}, ${ids[1]}, ${ids[2]}, ${ids[3]})`)
    ).map((r) => r.id);
    expect(left.sort()).toEqual([ids[1], ids[2], ids[3]].sort());
    expect(await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, ids[0]))).toEqual(
      [],
    );
    // Running it again changes nothing.
    await applyRetention();
    expect(
      await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, ids[1])),
    ).toHaveLength(1);
  });

  it('deletes a widget’s visitors, conversations and messages with the widget', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Soon gone');
    expect((await deleteWidget(apiRequest('DELETE', `/api/widgets/${widgetId}`, owner), ctx(widgetId))).status).toBe(
      204,
    );
    const db = await database();
    expect(await db.select().from(visitors).where(eq(visitors.id, visitor.visitorId))).toEqual([]);
    expect(await db.select().from(conversations).where(eq(conversations.id, conversation.id))).toEqual([]);
    expect(
      await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversation.id)),
    ).toEqual([]);
  });
});
