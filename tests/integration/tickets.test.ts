import { eq } from 'drizzle-orm';
import { GET as list, POST as create } from '@/app/api/tickets/route';
import { GET as show, PATCH } from '@/app/api/tickets/[id]/route';
import { POST as reply } from '@/app/api/tickets/[id]/messages/route';
import { database } from '@/lib/db';
import { ticketMessages, tickets } from '@/lib/db/schema';
import { apiRequest, signedIn } from './signed-in';

type Client = Awaited<ReturnType<typeof signedIn>>;

const request = apiRequest;
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const valid = {
  subject: 'Widget not showing',
  category: 'technical',
  message: 'The widget does not appear on my shop page.',
};

async function newTicket(client: Client, body: Record<string, unknown> = valid) {
  const response = await create(request('POST', '/api/tickets', client, body));
  expect(response.status).toBe(201);
  return (await response.json()).ticket as { id: string; status: string; subject: string };
}

/** The rows a user wrote (other test files may write to the same database meanwhile). */
async function rowCounts(uid: string) {
  const db = await database();
  return {
    tickets: (await db.select().from(tickets).where(eq(tickets.uid, uid))).length,
    messages: (await db.select().from(ticketMessages).where(eq(ticketMessages.authorUid, uid))).length,
  };
}

let staff: Client;
beforeAll(async () => {
  staff = await signedIn('staff', { admin: true });
});

describe('tickets through the JSON API', () => {
  it('creates, lists, shows, replies, closes and reopens', async () => {
    const me = await signedIn('tickets');
    const ticket = await newTicket(me);
    expect(ticket).toMatchObject({ subject: valid.subject, status: 'open' });
    // Exactly the listed columns (lib/tickets/service.ts): nothing else reaches the client by default.
    expect(Object.keys(ticket).sort()).toEqual([
      'category',
      'createdAt',
      'email',
      'id',
      'status',
      'subject',
      'uid',
      'updatedAt',
    ]);

    const listed = await (await list(request('GET', '/api/tickets', me))).json();
    expect(listed).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(listed.items[0].id).toBe(ticket.id);

    const answer = await reply(
      request('POST', `/api/tickets/${ticket.id}/messages`, me, { message: 'Any news?' }),
      ctx(ticket.id),
    );
    expect(answer.status).toBe(201);

    const closed = await PATCH(request('PATCH', `/api/tickets/${ticket.id}`, me, { status: 'closed' }), ctx(ticket.id));
    expect((await closed.json()).ticket.status).toBe('closed');
    const refused = await reply(
      request('POST', `/api/tickets/${ticket.id}/messages`, me, { message: 'Hello?' }),
      ctx(ticket.id),
    );
    expect(refused.status).toBe(409);
    expect(await (await list(request('GET', '/api/tickets?status=open', me))).json()).toMatchObject({ total: 0 });
    await PATCH(request('PATCH', `/api/tickets/${ticket.id}`, me, { status: 'open' }), ctx(ticket.id));

    const detail = await (await show(request('GET', `/api/tickets/${ticket.id}`, me), ctx(ticket.id))).json();
    expect(detail.ticket.status).toBe('open');
    expect(detail.messages.map((m: { body: string }) => m.body)).toEqual([valid.message, 'Any news?']);
    expect(Object.keys(detail.messages[0]).sort()).toEqual([
      'authorName',
      'authorUid',
      'body',
      'createdAt',
      'id',
      'staff',
      'ticketId',
    ]);
  });

  it('pages the list and filters it by status', async () => {
    const me = await signedIn('pages');
    for (let i = 0; i < 10; i++) await newTicket(me, { ...valid, subject: `Question number ${i}` });
    // A full page may be the last one.
    expect(await (await list(request('GET', '/api/tickets?page=1', me))).json()).toMatchObject({ total: 10, pages: 1 });
    for (let i = 10; i < 12; i++) await newTicket(me, { ...valid, subject: `Question number ${i}` });
    const first = await (await list(request('GET', '/api/tickets?page=1', me))).json();
    const second = await (await list(request('GET', '/api/tickets?page=2', me))).json();
    expect(first).toMatchObject({ total: 12, pages: 2 });
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(2);
    expect(second.items[1].subject).toBe('Question number 0');
    expect(second).toMatchObject({ total: 12, page: 2, pages: 2 });
    expect((await (await list(request('GET', '/api/tickets?status=answered', me))).json()).total).toBe(0);
    // A page past the last one (an old link, a ticket closed meanwhile) shows the last page.
    const past = await (await list(request('GET', '/api/tickets?page=9', me))).json();
    expect(past).toMatchObject({ total: 12, page: 2, pages: 2 });
    expect(past.items.map((t: { subject: string }) => t.subject)).toEqual(
      second.items.map((t: { subject: string }) => t.subject),
    );
    const none = await (await list(request('GET', '/api/tickets?status=answered&page=3', me))).json();
    expect(none).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });
  });

  it('a double submit creates one ticket', async () => {
    const me = await signedIn('double');
    const body = { ...valid, requestKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([
      create(request('POST', '/api/tickets', me, body)),
      create(request('POST', '/api/tickets', me, body)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect((await a.json()).ticket.id).toBe((await b.json()).ticket.id);
    // Without a key, the same content within a minute is the same submission too.
    const c = await create(request('POST', '/api/tickets', me, valid));
    const d = await create(request('POST', '/api/tickets', me, valid));
    expect((await c.json()).ticket.id).toBe((await d.json()).ticket.id);
    expect((await (await list(request('GET', '/api/tickets', me))).json()).total).toBe(2);
  });

  it('hides other users’ tickets: 404 to read, reply or change', async () => {
    const owner = await signedIn('owner');
    const other = await signedIn('other');
    const ticket = await newTicket(owner);
    expect((await show(request('GET', `/api/tickets/${ticket.id}`, other), ctx(ticket.id))).status).toBe(404);
    expect(
      (
        await reply(
          request('POST', `/api/tickets/${ticket.id}/messages`, other, { message: 'mine now' }),
          ctx(ticket.id),
        )
      ).status,
    ).toBe(404);
    expect(
      (await PATCH(request('PATCH', `/api/tickets/${ticket.id}`, other, { status: 'closed' }), ctx(ticket.id))).status,
    ).toBe(404);
    expect((await show(request('GET', '/api/tickets/not-a-uuid', owner), ctx('not-a-uuid'))).status).toBe(404);
    expect((await (await list(request('GET', '/api/tickets', other))).json()).total).toBe(0);
    const detail = await (await show(request('GET', `/api/tickets/${ticket.id}`, owner), ctx(ticket.id))).json();
    expect(detail.messages).toHaveLength(1);
  });

  it('support staff see every ticket, and their reply marks it answered', async () => {
    const me = await signedIn('customer');
    const ticket = await newTicket(me);
    const all = await (await list(request('GET', '/api/tickets?all=1&status=open', staff))).json();
    expect(all.items.map((t: { id: string }) => t.id)).toContain(ticket.id);
    const answered = await reply(
      request('POST', `/api/tickets/${ticket.id}/messages`, staff, { message: 'Please clear your cache.' }),
      ctx(ticket.id),
    );
    expect(answered.status).toBe(201);
    const body = await answered.json();
    expect(body.ticket.status).toBe('answered');
    expect(body.message.staff).toBe(true);
    const seen = await (await show(request('GET', `/api/tickets/${ticket.id}`, me), ctx(ticket.id))).json();
    expect(seen.ticket.status).toBe('answered');
    // The customer's answer hands it back to support.
    const back = await reply(
      request('POST', `/api/tickets/${ticket.id}/messages`, me, { message: 'That helped, thanks!' }),
      ctx(ticket.id),
    );
    expect((await back.json()).ticket.status).toBe('open');
  });

  it('refuses non-staff: 403 for everyone’s list and for marking answered', async () => {
    const me = await signedIn('plain');
    const ticket = await newTicket(me);
    expect((await list(request('GET', '/api/tickets?all=1', me))).status).toBe(403);
    expect(
      (await PATCH(request('PATCH', `/api/tickets/${ticket.id}`, me, { status: 'answered' }), ctx(ticket.id))).status,
    ).toBe(403);
  });
});

describe('bad input writes nothing', () => {
  it.each([
    ['an empty body', {}, ['subject', 'category', 'message']],
    ['a short subject and message', { ...valid, subject: 'Hi', message: 'short' }, ['subject', 'message']],
    ['a long subject', { ...valid, subject: 'x'.repeat(121) }, ['subject']],
    ['a long message', { ...valid, message: 'x'.repeat(5001) }, ['message']],
    ['an unknown category', { ...valid, category: 'urgent' }, ['category']],
    [
      'wrong types',
      { subject: 42, category: ['billing'], message: { text: 'hello there' } },
      ['subject', 'category', 'message'],
    ],
    ['only spaces', { ...valid, subject: '      ' }, ['subject']],
  ])('%s → 400 naming the fields, in German', async (_, body, fields) => {
    const me = await signedIn('bad');
    const before = await rowCounts(me.uid);
    expect(before).toEqual({ tickets: 0, messages: 0 });
    const response = await create(request('POST', '/api/tickets', me, body, { 'accept-language': 'de' }));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalidBody');
    expect(Object.keys(error.fields).sort()).toEqual([...fields].sort());
    for (const message of Object.values(error.fields)) expect(message).toMatch(/Bitte|Dieses Feld|ungültig/);
    expect(await rowCounts(me.uid)).toEqual(before);
  });

  it('answers 401 without a session, 403 from a foreign Origin, 400 for malformed JSON', async () => {
    const me = await signedIn('refused');
    const before = await rowCounts(me.uid);
    expect((await create(request('POST', '/api/tickets', null, valid))).status).toBe(401);
    expect((await create(request('POST', '/api/tickets', me, valid, { origin: 'https://evil.example' }))).status).toBe(
      403,
    );
    expect((await create(request('POST', '/api/tickets', me, '{"subject":'))).status).toBe(400);
    expect((await create(request('POST', '/api/tickets', me, valid, { 'idempotency-key': 'bad key!' }))).status).toBe(
      400,
    );
    expect(await rowCounts(me.uid)).toEqual(before);
  });

  it('stores SQL and HTML as the text they are', async () => {
    const me = await signedIn('payload');
    const subject = "'; DROP TABLE tickets; --";
    const message = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const ticket = await newTicket(me, { ...valid, subject, message });
    const detail = await (await show(request('GET', `/api/tickets/${ticket.id}`, me), ctx(ticket.id))).json();
    expect(detail.ticket.subject).toBe(subject);
    expect(detail.messages[0].body).toBe(message);
    const db = await database();
    expect(await db.select().from(tickets).where(eq(tickets.id, ticket.id))).toHaveLength(1);
  });
});
