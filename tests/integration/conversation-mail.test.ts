// E-mail around conversations, through the one mail module (local mode: the mails table /mailbox lists),
// and what is deleted when: the retention job, a deleted widget.
import { createHmac } from 'node:crypto';
import { NextRequest } from 'next/server';
import { eq, sql } from 'drizzle-orm';
import { PATCH as visitorDetails, POST as startVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { POST as transcript } from '@/app/api/widgets/[id]/conversations/[cid]/transcript/route';
import { POST as confirmTranscript } from '@/app/api/transcripts/route';
import { POST as rotate } from '@/app/api/widgets/[id]/secret/route';
import { GET as visitorEvents } from '@/app/api/widgets/[id]/events/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { GET as inboxThread, PATCH as patchConversation } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { PATCH as updateWidget, DELETE as deleteWidget } from '@/app/api/widgets/[id]/route';
import { database } from '@/lib/db';
import { conversationMessages, conversations, mails, transcriptRequests, visitors } from '@/lib/db/schema';
import { notificationsSettled } from '@/lib/conversations/notify';
import { applyRetention } from '@/lib/conversations/retention';
import { verifyVisitorToken } from '@/lib/conversations/visitor/token';
import { sseReader } from '../support/sse';
import { ORIGIN, apiRequest } from './signed-in';
import { converse, newVisitor, nextAddress, ownWidget, visitorRequest, type Visitor } from './visitors';

const ctx = (id: string, cid = '') => ({ params: Promise.resolve({ id, cid }) });
const cidCtx = (who: { workspaceId: string }, cid: string) => ({
  params: Promise.resolve({ wid: who.workspaceId, cid }),
});

async function mailsTo(to: string) {
  await notificationsSettled();
  return (await database()).select().from(mails).where(eq(mails.to, to)).orderBy(mails.createdAt);
}

describe('notifications', () => {
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
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
        text: 'Here is the answer.',
      }),
      cidCtx(owner, conversation.id),
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
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
        text: 'Anything else?',
      }),
      cidCtx(owner, conversation.id),
    );
    const [sent] = await mailsTo(vera);
    expect(sent).toMatchObject({ kind: 'operatorReply', subject: 'Help desk has answered you' });
    expect(sent.text).toContain('Anything else?');
    // The owner has no display name: the widget's name answers, never a part of their address.
    expect(sent.text).toContain('Help desk answered your message:');
    expect(sent.text).not.toContain(owner.email.split('@')[0]);
    const link = /(http\S+\/embed\/\S+)/.exec(sent.text)![1];
    const url = new URL(link);
    expect(url.origin).toBe(ORIGIN);
    expect(url.searchParams.get('conversation')).toBe(conversation.id);
    expect(verifyVisitorToken(new URLSearchParams(url.hash.slice(1)).get('token'), widgetId).visitorId).toBe(
      visitor.visitorId,
    );
  });

  const askTranscript = (widgetId: string, visitor: Visitor, conversationId: string, email?: string) =>
    transcript(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/conversations/${conversationId}/transcript`,
        visitor.token,
        email ? { email } : {},
        { 'x-forwarded-for': visitor.address },
      ),
      ctx(widgetId, conversationId),
    );
  const confirmLink = (token: string) =>
    confirmTranscript(
      new NextRequest(`${ORIGIN}/api/transcripts`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'accept-language': 'de' },
        body: JSON.stringify({ token }),
      }),
    );
  const tokenOf = (mail: { text: string }) =>
    new URLSearchParams(new URL(/(http\S+\/transcript#\S+)/.exec(mail.text)![1]).hash.slice(1)).get('token')!;
  const visitorRow = async (id: string) =>
    (await (await database()).select().from(visitors).where(eq(visitors.id, id)))[0];

  it('mails a transcript to a new address only through the link mailed there, then at once', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'What are your prices?');
    await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
        text: 'From 29 € a month.',
      }),
      cidCtx(owner, conversation.id),
    );
    const tom = `tom-${Date.now()}@example.com`;
    const first = await askTranscript(widgetId, visitor, conversation.id, tom);
    expect([first.status, await first.json()]).toEqual([202, { status: 'confirm', email: tom }]);
    // A double click: the link already mailed still works, and no second mail goes out.
    expect((await askTranscript(widgetId, visitor, conversation.id, tom)).status).toBe(202);
    const [asking, ...none] = await mailsTo(tom);
    expect(none).toEqual([]);
    expect(asking).toMatchObject({
      kind: 'transcriptConfirmation',
      subject: 'Send the conversation with Help desk to this address?',
    });
    expect(asking.text).not.toContain('prices');
    // The transcript's address does not become the address replies go to.
    expect(await visitorRow(visitor.visitorId)).toMatchObject({ email: null, transcriptEmail: null });

    // Opening the link's page sends nothing; its button does, once.
    const confirmed = await confirmLink(tokenOf(asking));
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { email: tom }]);
    expect((await confirmLink(tokenOf(asking))).status).toBe(200);
    const sent = await mailsTo(tom);
    expect(sent.map((mail) => mail.kind)).toEqual(['transcriptConfirmation', 'transcript']);
    expect(sent[1].subject).toBe('Your conversation with Help desk');
    expect(sent[1].text).toMatch(/You\nWhat are your prices\?[\s\S]*\nFrom 29 € a month\./);
    expect(await visitorRow(visitor.visitorId)).toMatchObject({ email: null, transcriptEmail: tom });

    // Confirmed: the next one goes at once, at most once in 10 minutes.
    expect((await askTranscript(widgetId, visitor, conversation.id)).status).toBe(429);
    await (
      await database()
    )
      .update(conversations)
      .set({ transcriptSentAt: sql`now() - interval '11 minutes'` })
      .where(eq(conversations.id, conversation.id));
    const again = await askTranscript(widgetId, visitor, conversation.id);
    expect([again.status, await again.json()]).toEqual([202, { status: 'sent', email: tom }]);
    const refused = await askTranscript(widgetId, visitor, conversation.id);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('tooManyTranscripts');
    expect((await mailsTo(tom)).map((mail) => mail.kind)).toEqual([
      'transcriptConfirmation',
      'transcript',
      'transcript',
    ]);

    // A link nobody sent, or one a day old: a translated 404.
    const unknown = await confirmLink('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({
      code: 'transcriptLinkInvalid',
      message: expect.stringContaining('abgelaufen'),
    });
    const later = await converse(widgetId, visitor, 'Another question');
    const ann = `ann-${Date.now()}@example.com`;
    await askTranscript(widgetId, visitor, later.conversation.id, ann);
    await (
      await database()
    )
      .update(transcriptRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(transcriptRequests.email, ann));
    expect((await confirmLink(tokenOf((await mailsTo(ann))[0]))).status).toBe(404);
    expect((await mailsTo(ann)).map((mail) => mail.kind)).toEqual(['transcriptConfirmation']);
  });

  it('relays nothing: a new visitor asking transcripts for three strangers sends them no chat text', async () => {
    const { widgetId } = await ownWidget();
    const spammer = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, spammer, 'Cheap watches at https://spam.example');
    const strangers = [1, 2, 3, 4].map((n) => `stranger-${n}-${Date.now()}@example.com`);
    const answers: Array<[number, string]> = [];
    for (const email of strangers.slice(0, 3)) {
      const asked = await askTranscript(widgetId, spammer, conversation.id, email);
      answers.push([asked.status, await asked.text()]);
    }
    for (const email of strangers.slice(0, 3)) {
      const mails = await mailsTo(email);
      expect(mails.map((mail) => mail.kind)).toEqual(['transcriptConfirmation']);
      expect(mails[0].text + mails[0].html).not.toContain('spam.example');
    }
    expect(answers).toEqual(strangers.slice(0, 3).map((email) => [202, JSON.stringify({ status: 'confirm', email })]));
    // A visitor's links for new addresses run out for the day.
    const fourth = await askTranscript(widgetId, spammer, conversation.id, strangers[3]);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await mailsTo(strangers[3])).toEqual([]);
    // None of the addresses became the visitor's.
    expect(await visitorRow(spammer.visitorId)).toMatchObject({ email: null, transcriptEmail: null });

    // The address of the e-mail form is the reply address, not a confirmed one: it is asked first too.
    const other = await newVisitor(widgetId);
    const { conversation: theirs } = await converse(widgetId, other, 'Call me maybe');
    const given = `given-${Date.now()}@example.com`;
    await visitorDetails(
      visitorRequest('PATCH', `/api/widgets/${widgetId}/visitors`, other.token, { email: given }),
      ctx(widgetId),
    );
    const asked = await askTranscript(widgetId, other, theirs.id);
    expect(await asked.json()).toEqual({ status: 'confirm', email: given });
    expect((await mailsTo(given)).map((mail) => mail.kind)).toEqual(['transcriptConfirmation']);
  });

  it('keeps bidirectional controls out of what the inbox shows and the transcript mails', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const [rlo, lri, pdi] = ['\u202E', '\u2066', '\u2069'];
    const { conversation } = await converse(
      widgetId,
      visitor,
      `The invoice: https://files.example/invoice${rlo}fdp.exe ${lri}ok${pdi}`,
      { name: `Ev${rlo}e`, pageUrl: `https://shop.example.com/?q=${rlo}txt.exe`, pageTitle: `Cart${rlo}` },
    );
    await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
        text: `See ${rlo}gnp.exe`,
      }),
      cidCtx(owner, conversation.id),
    );
    const controls = /[\u202A-\u202E\u2066-\u2069]/;
    const thread = await (
      await inboxThread(
        apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}`, owner),
        cidCtx(owner, conversation.id),
      )
    ).json();
    expect(controls.test(JSON.stringify(thread))).toBe(false);
    expect(thread.conversation).toMatchObject({
      visitor: { name: 'Eve' },
      pageUrl: 'https://shop.example.com/?q=txt.exe',
      pageTitle: 'Cart',
    });
    expect(thread.messages.map((message: { text: string }) => message.text)).toEqual([
      'The invoice: https://files.example/invoicefdp.exe ok',
      'See gnp.exe',
    ]);

    const email = `eve-${Date.now()}@example.com`;
    await (await database()).update(visitors).set({ transcriptEmail: email }).where(eq(visitors.id, visitor.visitorId));
    expect((await askTranscript(widgetId, visitor, conversation.id)).status).toBe(202);
    const [sent] = await mailsTo(email);
    expect(sent.text).toContain('https://files.example/invoicefdp.exe ok');
    expect(controls.test(sent.text + sent.html + sent.subject)).toBe(false);
  });

  it('mails a transcript at once to the address the customer’s server signed', async () => {
    const { owner, widgetId } = await ownWidget();
    const { secret } = await (
      await rotate(apiRequest('POST', `/api/widgets/${widgetId}/secret`, owner), ctx(widgetId))
    ).json();
    const email = `signed-${Date.now()}@example.com`;
    const sign = (message: string) => createHmac('sha256', secret).update(message).digest('hex');
    const started = await (
      await startVisitor(
        visitorRequest('POST', `/api/widgets/${widgetId}/visitors`, null, {
          user: { id: 'u-1', hash: sign('u-1'), email, detailsHash: sign(`u-1\n${email}\n`) },
        }),
        ctx(widgetId),
      )
    ).json();
    const visitor = { token: started.token, visitorId: started.visitorId, address: nextAddress() };
    const { conversation } = await converse(widgetId, visitor, 'Signed and sealed');
    const asked = await askTranscript(widgetId, visitor, conversation.id);
    expect([asked.status, await asked.json()]).toEqual([202, { status: 'sent', email }]);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual(['transcript']);
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
            apiRequest('PATCH', `/api/workspaces/${who.workspaceId}/inbox/${id}`, who, { status: 'closed' }),
            cidCtx(who, id),
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
