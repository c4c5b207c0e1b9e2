// Block and export a visitor (issue 39, point 8): a blocked visitor writes nothing more to the workspace (a verified
// user on none of their devices), their open widget hears it, and the export holds their data and no one else's.
// Erasure: visitor-erasure.test.ts.
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as startVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { POST as typing } from '@/app/api/widgets/[id]/conversations/[cid]/typing/route';
import { POST as postMessage } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { GET as visitorEvents } from '@/app/api/widgets/[id]/events/route';
import { POST as rotateSecret } from '@/app/api/widgets/[id]/secret/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { database } from '@/lib/db';
import { sseReader, until } from '../support/sse';
import { inboxPage, inboxStream } from './inbox';
import { noted } from './notes';
import type { Client } from './members';
import { ORIGIN, apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest } from './visitors';
import {
  blockVisitor,
  eraseVisitor,
  errorOf,
  exportVisitor,
  privacyTeam,
  renew,
  send,
  start,
  unblockVisitor,
  widgetCtx as ctx,
} from './visitor-admin';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let owner: Client;
let admin: Client;
let agent: Client;
let stranger: Client;
let widgetId: string;
let otherWidgetId: string;

// Four accounts, two widgets and two invitations: slow on a busy machine.
beforeAll(async () => {
  ({ owner, admin, agent, stranger, widgetId, otherWidgetId } = await privacyTeam());
}, 120_000);

describe('blocking a visitor', () => {
  it('refuses their messages and new conversations in the workspace (403), until unblocked', async () => {
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'Hello');
    const elsewhere = await newVisitor(otherWidgetId);
    const other = await converse(otherWidgetId, elsewhere, 'Hello there');

    const blocked = await blockVisitor(agent, owner.workspaceId, visitor.visitorId);
    expect(blocked.status).toBe(200);
    expect((await blocked.json()).visitor).toMatchObject({ id: visitor.visitorId, blocked: true });

    const refused = await send(widgetId, visitor, conversation.id, 'Still there?');
    expect(refused.status).toBe(403);
    const body = (await refused.json()).error;
    expect(body).toEqual({ code: 'visitorBlocked', message: 'You can no longer send messages here.' });
    expect(await errorOf(await start(widgetId, visitor, 'A new one'))).toEqual([403, 'visitorBlocked']);
    const typed = await typing(
      visitorRequest('POST', `/api/widgets/${widgetId}/conversations/${conversation.id}/typing`, visitor.token, {
        typing: true,
      }),
      ctx(widgetId, conversation.id),
    );
    expect(await errorOf(typed)).toEqual([403, 'visitorBlocked']);
    // The widget learns it when it starts, in the visitor's language when it asks in German.
    expect(await (await renew(widgetId, visitor)).json()).toMatchObject({ blocked: true });
    const german = await postMessage(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/conversations/${conversation.id}/messages`,
        visitor.token,
        { text: 'Hallo?' },
        { 'accept-language': 'de', 'x-forwarded-for': visitor.address },
      ),
      ctx(widgetId, conversation.id),
    );
    expect((await german.json()).error.message).toBe('Sie können hier keine Nachrichten mehr senden.');

    // The inbox shows them blocked; another workspace's visitors write on.
    const page = await (await inboxPage(owner)).json();
    const entry = page.conversations.find((c: { id: string }) => c.id === conversation.id);
    expect(entry.visitor.blocked).toBe(true);
    expect((await send(otherWidgetId, elsewhere, other.conversation.id, 'Fine here')).status).toBe(201);
    // Nobody outside the workspace blocks or unblocks its visitors.
    expect(await errorOf(await blockVisitor(stranger, owner.workspaceId, elsewhere.visitorId))).toEqual([
      404,
      'notFound',
    ]);
    expect(await errorOf(await unblockVisitor(stranger, stranger.workspaceId, visitor.visitorId))).toEqual([
      404,
      'notFound',
    ]);

    const unblocked = await unblockVisitor(agent, owner.workspaceId, visitor.visitorId);
    expect((await unblocked.json()).visitor).toMatchObject({ blocked: false, blockedAt: null });
    expect((await send(widgetId, visitor, conversation.id, 'Back again')).status).toBe(201);
    expect((await start(widgetId, visitor, 'And another thing')).status).toBe(201);
  });

  it('lets no message in after the block commits, however they interleave', async () => {
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'First');
    // Four messages, within the visitor's allowance of five a window (the first one counted).
    const posts = Array.from({ length: 2 }, (_, i) => send(widgetId, visitor, conversation.id, `Race ${i}`));
    const block = blockVisitor(owner, owner.workspaceId, visitor.visitorId);
    const later = Array.from({ length: 2 }, (_, i) => send(widgetId, visitor, conversation.id, `Late ${i}`));
    const answers = await Promise.all([...posts, block, ...later]);
    expect(answers[2].status).toBe(200);
    const statuses = answers.filter((_, i) => i !== 2).map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 403)).toBe(true);
    const sent = statuses.filter((status) => status === 201).length;
    // Every message stored was answered 201, and nothing a 403 refused was kept.
    const db = await database();
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from conversation_messages where conversation_id = ${conversation.id} and sender = 'visitor'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(1 + sent);
    // After the block's answer, nothing more gets through.
    expect((await send(widgetId, visitor, conversation.id, 'After')).status).toBe(403);
  });

  // A second connection holds the block uncommitted while the message arrives: only PostgreSQL has one (PGlite
  // runs one transaction at a time, where the test above covers it).
  if (process.env.DATABASE_URL?.startsWith('postgres'))
    it('makes a message that arrives while the block commits wait for it, then refuses it', async () => {
      const visitor = await newVisitor(widgetId);
      const { conversation } = await converse(widgetId, visitor, 'First');
      const { Client } = await import('pg');
      const blocker = new Client({ connectionString: process.env.DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('update visitors set blocked_at = now() where id = $1', [visitor.visitorId]);
        const pending = send(widgetId, visitor, conversation.id, 'Sent while the block commits');
        const early = await Promise.race([pending.then(() => 'answered'), sleep(500).then(() => 'waiting')]);
        await blocker.query('commit');
        expect(early).toBe('waiting');
        expect(await errorOf(await pending)).toEqual([403, 'visitorBlocked']);
      } finally {
        await blocker.end();
      }
      const { rows } = (await (
        await database()
      ).execute(
        sql`select count(*)::int as n from conversation_messages where conversation_id = ${conversation.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0].n).toBe(1);
    });
});

describe('exporting a visitor', () => {
  it('answers their record and conversations as a download, to owners and admins only', async () => {
    const visitor = await newVisitor(widgetId);
    const { conversation } = await converse(widgetId, visitor, 'My question', { name: 'Quinn' });
    await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
        text: 'Our answer',
      }),
      { params: Promise.resolve({ wid: owner.workspaceId, cid: conversation.id }) },
    );
    const bystander = await newVisitor(widgetId);
    await converse(widgetId, bystander, 'Private words of someone else', { name: 'Rosalind' });
    // Members' private notes are the visitor's to never see: never exported.
    await noted(owner, conversation.id, 'Between us: a difficult customer');

    const response = await exportVisitor(owner, owner.workspaceId, visitor.visitorId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="visitor-${visitor.visitorId}.json"`,
    );
    expect(response.headers.get('cache-control')).toContain('no-store');
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.visitor).toMatchObject({
      id: visitor.visitorId,
      name: 'Quinn',
      email: null,
      nameVerified: false,
      emailVerified: false,
      firstSeenAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({ id: conversation.id, status: 'open', widget: 'Help desk' });
    expect(data.conversations[0].messages.map((m: { sender: string; text: string }) => [m.sender, m.text])).toEqual([
      ['visitor', 'My question'],
      ['operator', 'Our answer'],
    ]);
    expect(text).not.toContain('Rosalind');
    expect(text).not.toContain('Private words');
    expect(text).not.toContain('difficult customer');
    expect(text).not.toContain(bystander.visitorId);

    expect((await exportVisitor(admin, owner.workspaceId, visitor.visitorId)).status).toBe(200);
    expect(await errorOf(await exportVisitor(agent, owner.workspaceId, visitor.visitorId))).toEqual([403, 'forbidden']);
    expect(await errorOf(await exportVisitor(stranger, owner.workspaceId, visitor.visitorId))).toEqual([
      404,
      'notFound',
    ]);
    expect(await errorOf(await exportVisitor(stranger, stranger.workspaceId, visitor.visitorId))).toEqual([
      404,
      'notFound',
    ]);
  });
});

describe('live and on every device', () => {
  /** The visitor's event stream, as their open widget reads it. */
  async function streamOf(widget: string, token: string) {
    const response = await visitorEvents(
      new NextRequest(`${ORIGIN}/api/widgets/${widget}/events`, { headers: { authorization: `Bearer ${token}` } }),
      ctx(widget),
    );
    expect(response.status).toBe(200);
    return sseReader(response.body!);
  }
  const named = (events: { event: string; data: string }[], event: string) =>
    events.filter((e) => e.event === event).map((e) => JSON.parse(e.data));

  it('blocks a verified user on every device, tells the open widget, and ends it on erasure', async () => {
    const { widgetId: verifiedWidget } = await ownWidget(owner, { name: 'Members area' });
    const rotated = await rotateSecret(
      apiRequest('POST', `/api/widgets/${verifiedWidget}/secret`, owner),
      ctx(verifiedWidget),
    );
    const { secret } = await rotated.json();
    const user = { id: `user-${Date.now()}`, hash: '' };
    user.hash = createHmac('sha256', secret).update(user.id).digest('hex');
    const device = async () => {
      const response = await startVisitor(
        visitorRequest('POST', `/api/widgets/${verifiedWidget}/visitors`, null, { user }),
        ctx(verifiedWidget),
      );
      const body = await response.json();
      return { token: body.token as string, visitorId: body.visitorId as string, address: '198.51.100.77', body };
    };
    const laptop = await device();
    await converse(verifiedWidget, laptop, 'From my laptop');
    const stream = await streamOf(verifiedWidget, laptop.token);
    const inbox = await inboxStream(owner);

    expect((await blockVisitor(agent, owner.workspaceId, laptop.visitorId)).status).toBe(200);
    await until(async () => named(await stream.settle(100), 'blocked').length, 1);
    expect(named(stream.events, 'blocked')).toEqual([{ blocked: true }]);
    // The phone is the same visitor: blocked there too.
    const phone = await device();
    expect(phone.visitorId).toBe(laptop.visitorId);
    expect(phone.body.blocked).toBe(true);
    expect(await errorOf(await start(verifiedWidget, phone, 'From my phone'))).toEqual([403, 'visitorBlocked']);

    expect((await eraseVisitor(owner, owner.workspaceId, laptop.visitorId)).status).toBe(200);
    expect(await stream.ended()).toBe(true);
    expect(named(stream.events, 'erased')).toEqual([{}]);
    await until(async () => named(await inbox.settle(100), 'visitorErased').length, 1);
    expect(named(inbox.events, 'visitorErased')).toEqual([{ visitorId: laptop.visitorId }]);
    inbox.close();
    // The same user comes back as a new visitor record, not blocked.
    const again = await device();
    expect(again.visitorId).not.toBe(laptop.visitorId);
    expect(again.body.blocked).toBe(false);
  });
});
