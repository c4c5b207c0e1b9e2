// Satisfaction ratings (issue 39, point 6): the visitor rates their closed conversation once, through
// POST /api/widgets/:id/conversations/:cid/rating; it is stored with what reports group by (the widget, the
// language, the assignee when it closed) and every inbox of the workspace sees it, in the list and the thread.
import { eq } from 'drizzle-orm';
import { POST as rate } from '@/app/api/widgets/[id]/conversations/[cid]/rating/route';
import { GET as visitorThread } from '@/app/api/widgets/[id]/conversations/[cid]/route';
import { GET as inboxThread } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { PATCH as updateWidget } from '@/app/api/widgets/[id]/route';
import type { InboxConversationView, VisitorConversationView } from '@/lib/conversations/constants';
import { database } from '@/lib/db';
import { conversationRatings } from '@/lib/db/schema';
import { apiRequest, signedIn } from './signed-in';
import { inboxPage, inboxStream } from './inbox';
import { patchAs, teammate } from './teammates';
import { converse, newVisitor, ownWidget, visitorRequest, type Owner, type Visitor } from './visitors';

const threadCtx = (id: string, cid: string) => ({ params: Promise.resolve({ id, cid }) });

function rateAs(visitor: Visitor | null, widgetId: string, cid: string, body: unknown, language = 'en') {
  return rate(
    visitorRequest('POST', `/api/widgets/${widgetId}/conversations/${cid}/rating`, visitor?.token ?? null, body, {
      'accept-language': language,
    }),
    threadCtx(widgetId, cid),
  );
}

/** An owner's widget (`settings`) with a visitor's conversation, closed by the owner unless `closed` is false. */
async function conversation(settings: Record<string, unknown> = {}, { closed = true, locale = 'en' } = {}) {
  const { owner, widgetId } = await ownWidget(undefined, settings);
  const visitor = await newVisitor(widgetId);
  const cid = (await converse(widgetId, visitor, 'Where is my parcel?', { locale })).conversation.id;
  const who = { ...owner, workspaceId: owner.workspaceId };
  if (closed) expect((await patchAs(who, cid, { status: 'closed' })).status).toBe(200);
  return { owner, who, widgetId, visitor, cid };
}

async function stored(cid: string) {
  const db = await database();
  return db.select().from(conversationRatings).where(eq(conversationRatings.conversationId, cid));
}

async function errorOf(response: Response) {
  return [response.status, ((await response.json()) as { error: { code: string; message: string } }).error];
}

async function inboxEntry(owner: Owner, cid: string) {
  const page = (await (await inboxPage(owner)).json()) as { conversations: InboxConversationView[] };
  return page.conversations.find((entry) => entry.id === cid)!;
}

describe('rating a closed conversation', () => {
  it('stores the score, the comment, the widget, the language and the assignee at closing: 201, then 200 again', async () => {
    const { owner, who, widgetId, visitor, cid } = await conversation({}, { closed: false, locale: 'de' });
    const agent = await teammate(owner.workspaceId, 'rated-agent');
    expect((await patchAs(who, cid, { assigneeId: agent.uid })).status).toBe(200);
    expect((await patchAs(who, cid, { status: 'closed' })).status).toBe(200);
    // Handed back after closing: the rating is still about the one who had it when it closed.
    expect((await patchAs(who, cid, { assigneeId: null })).status).toBe(200);
    const inbox = await inboxStream(owner);
    await inbox.take(1);

    const first = await rateAs(visitor, widgetId, cid, { score: 4, comment: '  Quick and friendly.  ' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ rating: { score: 4, comment: 'Quick and friendly.' } });
    const [row] = await stored(cid);
    expect(row).toMatchObject({
      conversationId: cid,
      widgetId,
      locale: 'de',
      assigneeUid: agent.uid,
      score: 4,
      comment: 'Quick and friendly.',
    });
    expect(row.createdAt).toBeInstanceOf(Date);

    // Every open inbox hears it with the conversation.
    const heard = async () => {
      for (let count = 1; ; count++) {
        const events = await inbox.take(count);
        const found = events.find((e) => e.event === 'conversation' && JSON.parse(e.data).rating);
        if (found) return JSON.parse(found.data) as InboxConversationView;
      }
    };
    expect((await heard()).rating).toEqual({ score: 4, comment: 'Quick and friendly.' });
    inbox.close();

    // A retry answers the stored rating; another score after it is refused.
    const again = await rateAs(visitor, widgetId, cid, { score: 4, comment: 'Quick and friendly.' });
    expect([again.status, await again.json()]).toEqual([200, { rating: { score: 4, comment: 'Quick and friendly.' } }]);
    expect(await errorOf(await rateAs(visitor, widgetId, cid, { score: 1 }, 'de'))).toEqual([
      409,
      { code: 'alreadyRated', message: 'Dieses Gespräch wurde bereits bewertet.' },
    ]);
    expect(await stored(cid)).toHaveLength(1);

    // The inbox's list and thread show it; the visitor's thread says it is rated (the widget asks no more).
    expect((await inboxEntry(owner, cid)).rating).toEqual({ score: 4, comment: 'Quick and friendly.' });
    const thread = await inboxThread(apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox/${cid}`, owner), {
      params: Promise.resolve({ wid: owner.workspaceId, cid }),
    });
    expect(((await thread.json()).conversation as InboxConversationView).rating?.score).toBe(4);
    const mine = await visitorThread(
      visitorRequest('GET', `/api/widgets/${widgetId}/conversations/${cid}`, visitor.token),
      threadCtx(widgetId, cid),
    );
    expect(((await mine.json()).conversation as VisitorConversationView).rated).toBe(true);
  });

  it('keeps the rating when the conversation is reopened and closed again: the visitor is not asked twice', async () => {
    const { owner, who, widgetId, visitor, cid } = await conversation();
    expect((await rateAs(visitor, widgetId, cid, { score: 5 })).status).toBe(201);
    expect((await patchAs(who, cid, { status: 'open' })).status).toBe(200);
    expect((await patchAs(who, cid, { status: 'closed' })).status).toBe(200);
    const mine = await visitorThread(
      visitorRequest('GET', `/api/widgets/${widgetId}/conversations/${cid}`, visitor.token),
      threadCtx(widgetId, cid),
    );
    expect((await mine.json()).conversation).toMatchObject({ status: 'closed', rated: true });
    expect((await inboxEntry(owner, cid)).rating).toEqual({ score: 5, comment: null });
    expect(await errorOf(await rateAs(visitor, widgetId, cid, { score: 2 }))).toEqual([
      409,
      { code: 'alreadyRated', message: 'This conversation has already been rated.' },
    ]);
  });

  it('stores no assignee for a conversation nobody had when it closed, and an empty comment as none', async () => {
    const { owner, who, widgetId, visitor, cid } = await conversation();
    expect((await patchAs(who, cid, { assigneeId: owner.uid })).status).toBe(200);
    expect((await rateAs(visitor, widgetId, cid, { score: 1, comment: '   ' })).status).toBe(201);
    expect(await stored(cid)).toEqual([expect.objectContaining({ assigneeUid: null, score: 1, comment: null })]);
  });
});

describe('refusals', () => {
  it('answers 409 while the conversation is open, translated, and stores nothing', async () => {
    const { widgetId, visitor, cid } = await conversation({}, { closed: false });
    expect(await errorOf(await rateAs(visitor, widgetId, cid, { score: 5 }, 'de'))).toEqual([
      409,
      { code: 'ratingNotClosed', message: 'Ein Gespräch kann bewertet werden, sobald es beendet wurde.' },
    ]);
    expect(await stored(cid)).toEqual([]);
  });

  it('answers 409 when the widget does not ask for ratings (and the widget is told so)', async () => {
    const { owner, widgetId, visitor, cid } = await conversation();
    const off = await updateWidget(apiRequest('PATCH', `/api/widgets/${widgetId}`, owner, { askRating: false }), {
      params: Promise.resolve({ id: widgetId }),
    });
    expect([off.status, (await off.json()).widget.askRating]).toEqual([200, false]);
    expect(await errorOf(await rateAs(visitor, widgetId, cid, { score: 5 }, 'de'))).toEqual([
      409,
      { code: 'ratingOff', message: 'Dieses Widget bittet nicht um Bewertungen.' },
    ]);
    expect(await stored(cid)).toEqual([]);
  });

  it('asks for ratings by default', async () => {
    const { owner, widgetId } = await ownWidget();
    const response = await updateWidget(apiRequest('PATCH', `/api/widgets/${widgetId}`, owner, { name: 'Renamed' }), {
      params: Promise.resolve({ id: widgetId }),
    });
    expect((await response.json()).widget.askRating).toBe(true);
  });

  it('answers 404 to another visitor, another widget and an unknown conversation', async () => {
    const { widgetId, cid } = await conversation();
    const other = await newVisitor(widgetId);
    expect((await errorOf(await rateAs(other, widgetId, cid, { score: 5 })))[0]).toBe(404);
    const elsewhere = await ownWidget(await signedIn('other-owner'));
    const stranger = await newVisitor(elsewhere.widgetId);
    expect((await errorOf(await rateAs(stranger, elsewhere.widgetId, cid, { score: 5 })))[0]).toBe(404);
    expect((await errorOf(await rateAs(other, widgetId, crypto.randomUUID(), { score: 5 })))[0]).toBe(404);
    expect(await stored(cid)).toEqual([]);
  });

  it('answers 401 without a visitor token before reading what was sent', async () => {
    const { widgetId, cid } = await conversation();
    expect((await errorOf(await rateAs(null, widgetId, cid, { score: 9 })))[0]).toBe(401);
  });

  it.each([
    ['no score', {}, 'score'],
    ['a score of 0', { score: 0 }, 'score'],
    ['a score of 6', { score: 6 }, 'score'],
    ['a fraction', { score: 2.5 }, 'score'],
    ['a score as text', { score: '5' }, 'score'],
    ['a comment of 1,001 characters', { score: 5, comment: 'x'.repeat(1001) }, 'comment'],
    ['a comment that is a number', { score: 5, comment: 42 }, 'comment'],
  ])('answers %s with a translated 400 naming the field', async (_, body, field) => {
    const { widgetId, visitor, cid } = await conversation();
    const [status, error] = (await errorOf(await rateAs(visitor, widgetId, cid, body, 'de'))) as [
      number,
      { code: string; fields: Record<string, string> },
    ];
    expect([status, error.code, Object.keys(error.fields)]).toEqual([400, 'invalidBody', [field]]);
    expect(error.fields[field]).toMatch(/Feld|Wert|Zeichen|Sie/);
    expect(await stored(cid)).toEqual([]);
  });

  it('answers malformed JSON with a translated 400', async () => {
    const { widgetId, visitor, cid } = await conversation();
    expect((await errorOf(await rateAs(visitor, widgetId, cid, '{score:')))[0]).toBe(400);
  });
});
