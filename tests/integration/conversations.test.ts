// Private conversations through the JSON API: each visitor reads and writes only their own, the owner
// every conversation of their widgets, live on both sides; any other id is a 404.
import { NextRequest } from 'next/server';
import { GET as visitorList } from '@/app/api/widgets/[id]/conversations/route';
import { GET as visitorThread, PATCH as visitorPatch } from '@/app/api/widgets/[id]/conversations/[cid]/route';
import { GET as visitorMessages, POST as visitorPost } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { POST as visitorTyping } from '@/app/api/widgets/[id]/conversations/[cid]/typing/route';
import { POST as transcript } from '@/app/api/widgets/[id]/conversations/[cid]/transcript/route';
import { GET as visitorEvents } from '@/app/api/widgets/[id]/events/route';
import { GET as inbox } from '@/app/api/workspaces/[wid]/inbox/route';
import { GET as inboxThread, PATCH as inboxPatch } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { POST as operatorTyping } from '@/app/api/workspaces/[wid]/inbox/[cid]/typing/route';
import { sseReader } from '../support/sse';
import { ORIGIN, apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest, type Visitor } from './visitors';
import { inboxStream } from './inbox';

const widgetCtx = (id: string) => ({ params: Promise.resolve({ id }) });
const threadCtx = (id: string, cid: string) => ({ params: Promise.resolve({ id, cid }) });
const cidCtx = (who: { workspaceId: string }, cid: string) => ({
  params: Promise.resolve({ wid: who.workspaceId, cid }),
});
const wsCtx = (who: { workspaceId: string }) => ({ params: Promise.resolve({ wid: who.workspaceId }) });

async function visitorStream(widgetId: string, visitor: Visitor) {
  const controller = new AbortController();
  const request = new NextRequest(`${ORIGIN}/api/widgets/${widgetId}/events`, {
    headers: { authorization: `Bearer ${visitor.token}`, 'x-forwarded-for': visitor.address },
    signal: controller.signal,
  });
  const response = await visitorEvents(request, widgetCtx(widgetId));
  expect(response.status).toBe(200);
  return { ...sseReader(response.body!), close: () => controller.abort() };
}

const dataOf = (events: { event: string; data: string }[], kind = 'message') =>
  events.filter((e) => e.event === kind).map((e) => JSON.parse(e.data));

/** Reads until `count` events of `kind` have arrived (others, such as presence, come between); answers them. */
async function expectEvents(stream: ReturnType<typeof sseReader>, count: number, kind = 'message') {
  while (dataOf(stream.events, kind).length < count) await stream.take(stream.events.length + 1);
  return dataOf(stream.events, kind);
}

describe('visitors and owners', () => {
  it('keeps each visitor to their own conversations, live, and gives the owner all of them', async () => {
    const { owner, widgetId } = await ownWidget();
    const [ada, bob] = [await newVisitor(widgetId), await newVisitor(widgetId)];
    const owners = await inboxStream(owner);
    const adaStream = await visitorStream(widgetId, ada);
    const bobStream = await visitorStream(widgetId, bob);

    const adas = await converse(widgetId, ada, 'My address is Lindenstraße 5, please deliver there.');
    const bobs = await converse(widgetId, bob, 'Do you ship to Vienna?');

    // The owner's inbox hears both, with the visitor's page and details.
    const heard = await expectEvents(owners, 2);
    expect(heard.map((e) => e.message.text)).toEqual([
      'My address is Lindenstraße 5, please deliver there.',
      'Do you ship to Vienna?',
    ]);
    expect(heard[0].conversation).toMatchObject({
      id: adas.conversation.id,
      status: 'open',
      unread: 1,
      pageUrl: 'https://shop.example.com/pricing',
      pageTitle: 'Pricing',
      visitor: { verified: false, name: null },
    });

    // Each visitor hears their own only.
    expect((await expectEvents(adaStream, 1)).map((e) => e.message.text)).toEqual([
      'My address is Lindenstraße 5, please deliver there.',
    ]);
    expect((await expectEvents(bobStream, 1)).map((e) => e.message.text)).toEqual(['Do you ship to Vienna?']);

    // The owner answers Bob: Bob hears it live, Ada never.
    const answered = await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${bobs.conversation.id}/messages`, owner, {
        text: 'Yes, to all of Austria.',
      }),
      cidCtx(owner, bobs.conversation.id),
    );
    expect(answered.status).toBe(201);
    // The owner has no display name: visitors see the widget's name, never a part of the owner's address.
    expect((await expectEvents(bobStream, 2))[1].message).toMatchObject({
      sender: 'operator',
      text: 'Yes, to all of Austria.',
      authorName: 'Help desk',
    });
    const adaHeard = await adaStream.settle(300);
    expect(JSON.stringify(adaHeard)).not.toContain('Vienna');
    expect(JSON.stringify(adaHeard)).not.toContain('Austria');

    // Lists: each visitor their own conversation; the owner both, newest activity first.
    const adaList = await (
      await visitorList(visitorRequest('GET', `/api/widgets/${widgetId}/conversations`, ada.token), widgetCtx(widgetId))
    ).json();
    expect(adaList.conversations.map((c: { id: string }) => c.id)).toEqual([adas.conversation.id]);
    const owned = await (
      await inbox(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox?status=open`, owner), wsCtx(owner))
    ).json();
    expect(owned.conversations.map((c: { id: string }) => c.id)).toEqual([bobs.conversation.id, adas.conversation.id]);
    expect(owned.unread).toBe(1);
    for (const s of [owners, adaStream, bobStream]) s.close();
  });

  it('starts a returning visitor’s next conversation when they give the same details again', async () => {
    const { owner, widgetId } = await ownWidget();
    const visitor = await newVisitor(widgetId);
    const details = { name: 'Ada', email: 'ada@example.com' };
    await converse(widgetId, visitor, 'First question', details);
    // Nothing left to store: the second start used to fail with a 500 ("No values to set").
    const second = await converse(widgetId, visitor, 'Second question', details);
    const listed = await (
      await inbox(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox`, owner), wsCtx(owner))
    ).json();
    const entry = listed.conversations.find((c: { id: string }) => c.id === second.conversation.id);
    expect(entry.visitor).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    expect(listed.conversations).toHaveLength(2);
  });

  it('answers 404 for another visitor’s or another widget’s conversation, and for another owner', async () => {
    const { owner, widgetId } = await ownWidget();
    const other = await ownWidget();
    const [ada, eve] = [await newVisitor(widgetId), await newVisitor(widgetId)];
    const stranger = await newVisitor(other.widgetId);
    const { conversation } = await converse(widgetId, ada, 'Private question');
    const cid = conversation.id;

    const attempts: Array<[string, Promise<Response>]> = [];
    for (const [who, widget, token] of [
      ['eve', widgetId, eve.token],
      ['stranger on its own widget', other.widgetId, stranger.token],
    ] as const) {
      attempts.push(
        [
          `${who}: thread`,
          visitorThread(
            visitorRequest('GET', `/api/widgets/${widget}/conversations/${cid}`, token),
            threadCtx(widget, cid),
          ),
        ],
        [
          `${who}: messages`,
          visitorMessages(
            visitorRequest('GET', `/api/widgets/${widget}/conversations/${cid}/messages`, token),
            threadCtx(widget, cid),
          ),
        ],
        [
          `${who}: post`,
          visitorPost(
            visitorRequest('POST', `/api/widgets/${widget}/conversations/${cid}/messages`, token, { text: 'Injected' }),
            threadCtx(widget, cid),
          ),
        ],
        [
          `${who}: read`,
          visitorPatch(
            visitorRequest('PATCH', `/api/widgets/${widget}/conversations/${cid}`, token, { readUpTo: 1 }),
            threadCtx(widget, cid),
          ),
        ],
        [
          `${who}: typing`,
          visitorTyping(
            visitorRequest('POST', `/api/widgets/${widget}/conversations/${cid}/typing`, token, { typing: true }),
            threadCtx(widget, cid),
          ),
        ],
        [
          `${who}: transcript`,
          transcript(
            visitorRequest('POST', `/api/widgets/${widget}/conversations/${cid}/transcript`, token, {
              email: 'eve@example.com',
            }),
            threadCtx(widget, cid),
          ),
        ],
      );
    }
    attempts.push(
      [
        'another owner: thread',
        inboxThread(
          apiRequest('GET', `/api/workspaces/${other.owner.workspaceId}/inbox/${cid}`, other.owner),
          cidCtx(other.owner, cid),
        ),
      ],
      [
        'another owner: reply',
        reply(
          apiRequest('POST', `/api/workspaces/${other.owner.workspaceId}/inbox/${cid}/messages`, other.owner, {
            text: 'Injected',
          }),
          cidCtx(other.owner, cid),
        ),
      ],
      [
        'another owner: close',
        inboxPatch(
          apiRequest('PATCH', `/api/workspaces/${other.owner.workspaceId}/inbox/${cid}`, other.owner, {
            status: 'closed',
          }),
          cidCtx(other.owner, cid),
        ),
      ],
      [
        'another owner: typing',
        operatorTyping(
          apiRequest('POST', `/api/workspaces/${other.owner.workspaceId}/inbox/${cid}/typing`, other.owner, {
            typing: true,
          }),
          cidCtx(other.owner, cid),
        ),
      ],
      [
        'a guessed id',
        inboxThread(
          apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox/${crypto.randomUUID()}`, owner),
          cidCtx(owner, crypto.randomUUID()),
        ),
      ],
      [
        'not an id',
        inboxThread(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox/1`, owner), cidCtx(owner, '1')),
      ],
    );
    for (const [name, pending] of attempts) {
      const response = await pending;
      expect([name, response.status]).toEqual([name, 404]);
      expect((await response.json()).error.code).toBe('notFound');
    }
    const otherInbox = await (
      await inbox(
        apiRequest('GET', `/api/workspaces/${other.owner.workspaceId}/inbox`, other.owner),
        wsCtx(other.owner),
      )
    ).json();
    expect(JSON.stringify(otherInbox)).not.toContain(cid);
    // Unchanged for its parties: open, one message.
    const mine = await (
      await inboxThread(
        apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox/${cid}`, owner),
        cidCtx(owner, cid),
      )
    ).json();
    expect(mine.conversation.status).toBe('open');
    expect(mine.messages.map((m: { text: string }) => m.text)).toEqual(['Private question']);
  });

  it('shows typing and "seen" both ways, and closing and reopening as messages', async () => {
    const { owner, widgetId } = await ownWidget();
    const ada = await newVisitor(widgetId);
    const { conversation, message } = await converse(widgetId, ada, 'Hello?');
    const cid = conversation.id;
    const owners = await inboxStream(owner);
    const adas = await visitorStream(widgetId, ada);

    expect(
      (
        await visitorTyping(
          visitorRequest('POST', `/api/widgets/${widgetId}/conversations/${cid}/typing`, ada.token, { typing: true }),
          threadCtx(widgetId, cid),
        )
      ).status,
    ).toBe(204);
    expect(await expectEvents(owners, 1, 'typing')).toEqual([{ conversationId: cid, sender: 'visitor', typing: true }]);

    expect(
      (
        await operatorTyping(
          apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${cid}/typing`, owner, { typing: true }),
          cidCtx(owner, cid),
        )
      ).status,
    ).toBe(204);
    expect(await expectEvents(adas, 1, 'typing')).toEqual([{ conversationId: cid, sender: 'operator', typing: true }]);

    // The owner reads the visitor's message: the visitor sees it as seen; the unread count drops.
    const read = await inboxPatch(
      apiRequest('PATCH', `/api/workspaces/${owner.workspaceId}/inbox/${cid}`, owner, { readUpTo: message.id }),
      cidCtx(owner, cid),
    );
    expect((await read.json()).conversation).toMatchObject({ unread: 0 });
    expect(await expectEvents(adas, 1, 'read')).toContainEqual({
      conversationId: cid,
      reader: 'operator',
      upTo: message.id,
      unread: 0,
    });

    const answer = await (
      await reply(
        apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${cid}/messages`, owner, {
          text: 'Hi Ada!',
          requestKey: 'reply-key-0001',
        }),
        cidCtx(owner, cid),
      )
    ).json();
    // A repeated submit is the same message.
    const again = await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${cid}/messages`, owner, {
        text: 'Hi Ada!',
        requestKey: 'reply-key-0001',
      }),
      cidCtx(owner, cid),
    );
    expect([again.status, (await again.json()).message.id]).toEqual([200, answer.message.id]);
    const seen = await visitorPatch(
      visitorRequest('PATCH', `/api/widgets/${widgetId}/conversations/${cid}`, ada.token, {
        readUpTo: answer.message.id,
      }),
      threadCtx(widgetId, cid),
    );
    expect(await seen.json()).toEqual({ unread: 0, upTo: answer.message.id });
    expect(await expectEvents(owners, 2, 'read')).toContainEqual({
      conversationId: cid,
      reader: 'visitor',
      upTo: answer.message.id,
      unread: 0,
    });

    // Closed: the visitor cannot write any more (409), both hear the change; reopened, they can again.
    expect(
      (
        await inboxPatch(
          apiRequest('PATCH', `/api/workspaces/${owner.workspaceId}/inbox/${cid}`, owner, { status: 'closed' }),
          cidCtx(owner, cid),
        )
      ).status,
    ).toBe(200);
    const closedPost = await visitorPost(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/conversations/${cid}/messages`,
        ada.token,
        { text: 'Wait!' },
        { 'accept-language': 'de' },
      ),
      threadCtx(widgetId, cid),
    );
    expect(closedPost.status).toBe(409);
    expect((await closedPost.json()).error).toMatchObject({
      code: 'conversationClosed',
      message: expect.stringContaining('beendet'),
    });
    // The visitor's stream: the answer, then the change of status.
    const heard = await expectEvents(adas, 2);
    expect(heard.map((e) => [e.message.sender, e.message.authorName ?? e.message.text, e.conversation.status])).toEqual(
      [
        ['operator', expect.any(String), 'open'],
        ['system', 'closed', 'closed'],
      ],
    );
    expect(
      (
        await inboxPatch(
          apiRequest('PATCH', `/api/workspaces/${owner.workspaceId}/inbox/${cid}`, owner, { status: 'open' }),
          cidCtx(owner, cid),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await visitorPost(
          visitorRequest('POST', `/api/widgets/${widgetId}/conversations/${cid}/messages`, ada.token, {
            text: 'Thanks',
          }),
          threadCtx(widgetId, cid),
        )
      ).status,
    ).toBe(201);
    owners.close();
    adas.close();
  });

  it('never moves a read position past the conversation’s latest message', async () => {
    const { owner, widgetId } = await ownWidget();
    const ada = await newVisitor(widgetId);
    const { conversation, message } = await converse(widgetId, ada, 'Read ahead?');
    const ahead = await visitorPatch(
      visitorRequest('PATCH', `/api/widgets/${widgetId}/conversations/${conversation.id}`, ada.token, {
        readUpTo: 10 ** 12,
      }),
      threadCtx(widgetId, conversation.id),
    );
    expect(await ahead.json()).toEqual({ unread: 0, upTo: message.id });
    await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
        text: 'Not read yet',
      }),
      cidCtx(owner, conversation.id),
    );
    const list = await (
      await visitorList(visitorRequest('GET', `/api/widgets/${widgetId}/conversations`, ada.token), widgetCtx(widgetId))
    ).json();
    expect(list.conversations[0]).toMatchObject({ id: conversation.id, unread: 1 });
  });

  it('resumes a visitor’s stream after Last-Event-ID with exactly the missed messages', async () => {
    const { owner, widgetId } = await ownWidget();
    const ada = await newVisitor(widgetId);
    const { conversation, message } = await converse(widgetId, ada, 'one');
    for (const text of ['two', 'three'])
      await reply(
        apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, { text }),
        cidCtx(owner, conversation.id),
      );
    const controller = new AbortController();
    const response = await visitorEvents(
      new NextRequest(`${ORIGIN}/api/widgets/${widgetId}/events`, {
        headers: { authorization: `Bearer ${ada.token}`, 'last-event-id': String(message.id) },
        signal: controller.signal,
      }),
      widgetCtx(widgetId),
    );
    const stream = sseReader(response.body!);
    expect((await expectEvents(stream, 2)).map((e) => e.message.text)).toEqual(['two', 'three']);
    expect(await stream.settle(300)).toHaveLength(3); // and the presence
    controller.abort();
  });
});
