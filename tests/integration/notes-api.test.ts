// POST /api/workspaces/:wid/inbox/:cid/notes (issue 39, point 2): a member's private note, idempotent by its key,
// validated with translated 4xx, checked at the data; live in every inbox of the workspace; its @mentions alert
// the teammates named, by e-mail (once per note and person) when no dashboard of theirs is open.
import { eq, sql } from 'drizzle-orm';
import { GET as inboxThread } from '@/app/api/workspaces/[wid]/inbox/[cid]/route';
import { PUT as saveSettings } from '@/app/api/settings/route';
import { database } from '@/lib/db';
import { conversationMessages, mails, mentionMails } from '@/lib/db/schema';
import { notificationsSettled } from '@/lib/conversations/notify';
import { mailMentions } from '@/lib/conversations/mention-mail';
import { DEFAULT_SETTINGS } from '../support/settings';
import { apiRequest, signedIn } from './signed-in';
import { inboxStream } from './inbox';
import { teammate } from './teammates';
import { conversationOfVisitor, note, noted } from './notes';

async function mailsTo(to: string) {
  await notificationsSettled();
  return (await database()).select().from(mails).where(eq(mails.to, to)).orderBy(mails.createdAt);
}

async function notesOf(conversationId: string) {
  const db = await database();
  return db
    .select()
    .from(conversationMessages)
    .where(sql`${conversationMessages.conversationId} = ${conversationId} and ${conversationMessages.sender} = 'note'`);
}

describe('the notes API', () => {
  it('adds a note (201), answers a repeated key with the same note (200), and shows it in the member’s thread', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    const first = await note(owner, conversationId, {
      text: '  Refund approved by finance. ',
      requestKey: 'note-key-1',
    });
    expect(first.status).toBe(201);
    const { note: created } = await first.json();
    expect(created).toMatchObject({
      conversationId,
      sender: 'note',
      text: 'Refund approved by finance.',
      authorName: owner.email,
      mentions: [],
    });
    const again = await note(owner, conversationId, { text: 'Refund approved by finance.', requestKey: 'note-key-1' });
    expect(again.status).toBe(200);
    expect((await again.json()).note.id).toBe(created.id);
    const byHeader = await note(owner, conversationId, { text: 'Second' }, { 'idempotency-key': 'note-key-2' });
    const byHeaderAgain = await note(owner, conversationId, { text: 'Second' }, { 'idempotency-key': 'note-key-2' });
    expect([byHeader.status, byHeaderAgain.status]).toEqual([201, 200]);
    expect(await notesOf(conversationId)).toHaveLength(2);

    const thread = await inboxThread(
      apiRequest('GET', `/api/workspaces/${owner.workspaceId}/inbox/${conversationId}`, owner),
      { params: Promise.resolve({ wid: owner.workspaceId, cid: conversationId }) },
    );
    const { messages } = await thread.json();
    expect(messages.map((m: { sender: string; text: string }) => [m.sender, m.text])).toEqual([
      ['visitor', 'Where is my order?'],
      ['note', 'Refund approved by finance.'],
      ['note', 'Second'],
    ]);
  });

  it('refuses an empty or too long note with a translated 400 and writes nothing', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    for (const text of ['', '   ', 'x'.repeat(4001)]) {
      const response = await note(owner, conversationId, { text }, { 'accept-language': 'de' });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error).toMatchObject({ code: 'invalidBody', fields: { text: expect.anything() } });
      expect(error.message).toMatch(/[äöüß]|Sie/);
    }
    expect((await note(owner, conversationId, { words: 'hi' })).status).toBe(400);
    expect(await notesOf(conversationId)).toHaveLength(0);
  });

  it('answers 404 for another workspace’s conversation, 403 to a foreign Origin, 401 without a session', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    const stranger = await signedIn('stranger');
    // Their own workspace does not have it; the owner's is not theirs.
    expect((await note(stranger, conversationId, { text: 'Mine now' })).status).toBe(404);
    expect((await note(stranger, conversationId, { text: 'Mine now' }, {}, owner.workspaceId)).status).toBe(404);
    const foreign = await note(owner, conversationId, { text: 'Hi' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('forbiddenOrigin');
    // The session is checked before the body is read.
    const anonymous = await note({ cookie: '', workspaceId: owner.workspaceId }, conversationId, '{not json');
    expect(anonymous.status).toBe(401);
    expect(await notesOf(conversationId)).toHaveLength(0);
  });

  it('reaches every open inbox of the workspace live, and lets an agent write one too', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    const agent = await teammate(owner.workspaceId);
    const [ownerInbox, agentInbox] = [await inboxStream(owner), await inboxStream(agent)];
    try {
      await Promise.all([ownerInbox.take(1), agentInbox.take(1)]);
      const written = await noted(agent, conversationId, 'I will call them.');
      for (const stream of [ownerInbox, agentInbox]) {
        await stream.take(stream.events.length + 1);
        const deadline = Date.now() + 5_000;
        while (!stream.events.some((e) => e.event === 'message') && Date.now() < deadline)
          await stream.take(stream.events.length + 1);
        const event = stream.events.find((e) => e.event === 'message')!;
        expect(Number(event.id)).toBe(written.id);
        expect(JSON.parse(event.data)).toMatchObject({
          message: { sender: 'note', text: 'I will call them.', authorName: agent.email },
          conversation: { id: conversationId, lastMessagePreview: 'Where is my order?', lastSender: 'visitor' },
        });
      }
    } finally {
      ownerInbox.close();
      agentInbox.close();
    }
  });
});

describe('mentions in notes', () => {
  it('stores only the workspace’s members named, never the author or a stranger, and mails each once', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    const agent = await teammate(owner.workspaceId);
    const stranger = await signedIn('stranger');
    const text = `@${agent.email} can you check? cc @${owner.email} @${stranger.email}`;
    const first = await note(owner, conversationId, { text, requestKey: 'mention-1' });
    expect(first.status).toBe(201);
    const { note: written } = await first.json();
    expect(written.mentions).toEqual([agent.uid]);
    // A repeat, or another instance trying the same note: still one e-mail.
    expect((await note(owner, conversationId, { text, requestKey: 'mention-1' })).status).toBe(200);
    expect(await mailMentions(written.id)).toBe(0);

    const [sent, ...more] = await mailsTo(agent.email);
    expect(more).toHaveLength(0);
    expect(sent).toMatchObject({ kind: 'noteMention', subject: `${owner.email} mentioned you in a note` });
    expect(sent.text).toContain('can you check?');
    expect(sent.text).toContain(`/dashboard/inbox?conversation=${conversationId}`);
    for (const other of [owner.email, stranger.email])
      expect((await mailsTo(other)).filter((mail) => mail.kind === 'noteMention')).toHaveLength(0);
    const claims = await (await database()).select().from(mentionMails).where(eq(mentionMails.messageId, written.id));
    expect(claims.map((claim) => claim.uid)).toEqual([agent.uid]);
  });

  it('mails a mentioned member in their own language', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    const agent = await teammate(owner.workspaceId);
    const german = { ...DEFAULT_SETTINGS, locale: 'de', alertScope: 'mine' };
    expect((await saveSettings(apiRequest('PUT', '/api/settings', agent, german))).status).toBe(200);
    await noted(owner, conversationId, `Bitte übernehmen, @${agent.email}`);
    const [sent] = await mailsTo(agent.email);
    expect(sent).toMatchObject({ kind: 'noteMention', subject: `${owner.email} hat Sie in einer Notiz erwähnt` });
    expect(sent.text).toContain('Bitte übernehmen');
    expect(sent.text).toContain(`/de/dashboard/inbox?conversation=${conversationId}`);
  });

  it('alerts a mentioned member with a dashboard open there, not by e-mail', async () => {
    const { owner, conversationId } = await conversationOfVisitor();
    const agent = await teammate(owner.workspaceId);
    const dashboard = await inboxStream(agent);
    try {
      await dashboard.take(1);
      const written = await noted(owner, conversationId, `Over to you, @${agent.email}.`);
      const deadline = Date.now() + 5_000;
      while (!dashboard.events.some((e) => e.id === String(written.id)) && Date.now() < deadline)
        await dashboard.take(dashboard.events.length + 1);
      const event = dashboard.events.find((e) => e.id === String(written.id))!;
      expect(JSON.parse(event.data).message).toMatchObject({ sender: 'note', mentions: [agent.uid] });
      expect(await mailsTo(agent.email)).toHaveLength(0);
    } finally {
      dashboard.close();
    }
  });
});
