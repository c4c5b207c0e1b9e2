// Saved replies (issue 39, point 3): a workspace's owners and admins create, change and delete them, every member
// reads and searches them; titles are unique per workspace (409), a repeated create answers the same reply, an
// unknown placeholder is a translated 400, and nobody reaches another workspace's replies.
import { eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { savedReplies } from '@/lib/db/schema';
import { join, teamOf, verifiedAccount, type Client } from './members';
import { createReplyIn, deleteReplyIn, listRepliesOf, newReply, updateReplyIn } from './replies';

const DE = { 'accept-language': 'de' };

const answer = async (response: Response) => [response.status, await response.json()] as const;

async function rowsOf(wid: string) {
  const db = await database();
  return db.select().from(savedReplies).where(eq(savedReplies.workspaceId, wid));
}

let owner: Client;
let admin: Client;
let agent: Client;
let stranger: Client;
let wid: string;

beforeAll(async () => {
  [owner, admin, agent, stranger] = await Promise.all(
    ['owner', 'admin', 'agent', 'stranger'].map((prefix) => verifiedAccount(prefix)),
  );
  wid = await teamOf(owner, 'Replies');
  await join(owner, wid, admin, 'admin');
  await join(owner, wid, agent, 'agent');
});

describe('saved replies', () => {
  it('are created by an admin with a text per language, listed and searched by every member', async () => {
    const body = newReply({ title: '  Opening   hours ', textEn: 'We answer Monday to Friday.', textDe: null });
    const [status, { reply }] = await answer(await createReplyIn(admin, wid, body));
    expect(status).toBe(201);
    expect(reply).toEqual({
      id: expect.any(String),
      title: 'Opening hours',
      textEn: 'We answer Monday to Friday.',
      textDe: null,
      updatedAt: expect.any(String),
    });
    const german = newReply({ title: 'Rechnung', textEn: '', textDe: 'Ihre Rechnung finden Sie im Dashboard.' });
    expect((await createReplyIn(owner, wid, german)).status).toBe(201);

    const [listed, all] = await answer(await listRepliesOf(agent, wid));
    expect(listed).toBe(200);
    expect(all.replies.map((r: { title: string }) => r.title)).toEqual(['Opening hours', 'Rechnung']);
    expect(all.replies[1]).toMatchObject({ textEn: null, textDe: 'Ihre Rechnung finden Sie im Dashboard.' });
    // By title and by either text, every word, any case; `%` means itself.
    const titles = async (q: string) =>
      (await (await listRepliesOf(agent, wid, q)).json()).replies.map((r: { title: string }) => r.title);
    expect(await titles('HOURS')).toEqual(['Opening hours']);
    expect(await titles('dashboard rechnung')).toEqual(['Rechnung']);
    expect(await titles('monday')).toEqual(['Opening hours']);
    expect(await titles('monday dashboard')).toEqual([]);
    expect(await titles('%')).toEqual([]);
  });

  it('answers a repeated create with the same reply, once, and a taken title (any case) with a translated 409', async () => {
    const body = newReply();
    const first = await answer(await createReplyIn(owner, wid, body));
    const again = await answer(await createReplyIn(owner, wid, body));
    expect([first[0], again[0]]).toEqual([201, 200]);
    expect(again[1].reply.id).toBe(first[1].reply.id);
    expect((await rowsOf(wid)).filter((row) => row.title === body.title)).toHaveLength(1);

    const taken = newReply({ title: body.title.toUpperCase() });
    expect(await answer(await createReplyIn(admin, wid, taken, DE))).toEqual([
      409,
      {
        error: {
          code: 'replyTitleTaken',
          message: 'Eine gespeicherte Antwort mit diesem Titel gibt es bereits. Bitte wählen Sie einen anderen Titel.',
        },
      },
    ]);
    const other = await answer(await createReplyIn(admin, wid, newReply()));
    expect(await answer(await updateReplyIn(admin, wid, other[1].reply.id, { title: body.title }))).toEqual([
      409,
      { error: { code: 'replyTitleTaken', message: expect.stringContaining('already exists') } },
    ]);
  });

  it('refuses an unknown placeholder, no text at all and overlong fields with a translated 400, writing nothing', async () => {
    const before = (await rowsOf(wid)).length;
    const [status, { error }] = await answer(
      await createReplyIn(owner, wid, newReply({ textDe: 'Hallo {{visitor.vorname}}!' }), DE),
    );
    expect([status, error.code]).toEqual([400, 'invalidBody']);
    expect(error.fields).toEqual({
      textDe:
        'Dieser Text enthält einen Platzhalter, den es nicht gibt. Verwenden Sie nur die auf dieser Seite aufgeführten Platzhalter.',
    });
    expect((await answer(await createReplyIn(owner, wid, newReply({ textEn: '', textDe: ' ' }))))[1].error).toEqual({
      code: 'invalidBody',
      message: expect.any(String),
      fields: { textEn: 'This field is required.' },
    });
    const long = await answer(
      await createReplyIn(owner, wid, newReply({ title: 'x'.repeat(81), textEn: 'y'.repeat(5001) })),
    );
    expect(long[1].error.fields).toEqual({
      title: 'Please enter at most 80 characters.',
      textEn: 'Please enter at most 5000 characters.',
    });
    expect((await rowsOf(wid)).length).toBe(before);

    const [, { reply }] = await answer(await createReplyIn(owner, wid, newReply()));
    const patched = await answer(await updateReplyIn(owner, wid, reply.id, { textEn: 'Hi {{ visitor.nam }}' }));
    expect([patched[0], patched[1].error.fields]).toEqual([400, { textEn: expect.stringContaining('placeholder') }]);
    const emptied = await answer(await updateReplyIn(owner, wid, reply.id, { textEn: null, textDe: '' }));
    expect([emptied[0], emptied[1].error.fields]).toEqual([400, { textEn: 'This field is required.' }]);
  });

  it('are changed and deleted by owners and admins; agents get 403 there but read them', async () => {
    const [, { reply }] = await answer(await createReplyIn(owner, wid, newReply()));
    const changed = await answer(
      await updateReplyIn(admin, wid, reply.id, {
        title: `${reply.title} (new)`,
        textDe: '',
        textEn: 'Hello {{operator.name}}',
      }),
    );
    expect(changed).toEqual([
      200,
      {
        reply: {
          ...reply,
          title: `${reply.title} (new)`,
          textEn: 'Hello {{operator.name}}',
          textDe: null,
          updatedAt: expect.any(String),
        },
      },
    ]);

    const forbidden = async (response: Response) => (await answer(response))[1].error?.code;
    expect(await forbidden(await createReplyIn(agent, wid, newReply()))).toBe('forbidden');
    expect((await createReplyIn(agent, wid, newReply())).status).toBe(403);
    expect((await updateReplyIn(agent, wid, reply.id, { title: 'Mine now' })).status).toBe(403);
    expect((await deleteReplyIn(agent, wid, reply.id)).status).toBe(403);
    expect((await listRepliesOf(agent, wid)).status).toBe(200);
    expect((await rowsOf(wid)).find((row) => row.id === reply.id)?.title).toBe(`${reply.title} (new)`);

    expect((await deleteReplyIn(admin, wid, reply.id)).status).toBe(204);
    expect((await deleteReplyIn(admin, wid, reply.id)).status).toBe(404);
    expect((await rowsOf(wid)).find((row) => row.id === reply.id)).toBeUndefined();
  });

  it('stay in their workspace: a stranger gets 404, and another workspace’s id is a 404 in one’s own', async () => {
    const [, { reply }] = await answer(await createReplyIn(owner, wid, newReply()));
    expect(await answer(await listRepliesOf(stranger, wid))).toEqual([
      404,
      { error: { code: 'notFound', message: expect.any(String) } },
    ]);
    expect((await createReplyIn(stranger, wid, newReply())).status).toBe(404);
    expect((await updateReplyIn(stranger, wid, reply.id, { title: 'Taken over' })).status).toBe(404);
    expect((await deleteReplyIn(stranger, wid, reply.id)).status).toBe(404);
    // The stranger's own workspace does not reach it either, by its id.
    const theirs = stranger.workspaceId;
    expect((await updateReplyIn(stranger, theirs, reply.id, { title: 'Taken over' })).status).toBe(404);
    expect((await deleteReplyIn(stranger, theirs, reply.id)).status).toBe(404);
    expect((await updateReplyIn(owner, wid, 'not-an-id', { title: 'x' })).status).toBe(404);
    expect((await (await listRepliesOf(stranger, theirs)).json()).replies).toEqual([]);
    expect((await rowsOf(wid)).find((row) => row.id === reply.id)?.title).toBe(reply.title);
  });
});
