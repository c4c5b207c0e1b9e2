// Block, erase and export a visitor (issue 39, point 8): a blocked visitor writes nothing more to the workspace,
// an erased one leaves nothing in any table (every column of the schema is searched, so a table added later that
// keeps something fails here), and the export holds their data and no one else's.
import { sql } from 'drizzle-orm';
import { POST as startVisitor } from '@/app/api/widgets/[id]/visitors/route';
import { POST as postMessage } from '@/app/api/widgets/[id]/conversations/[cid]/messages/route';
import { POST as startConversation } from '@/app/api/widgets/[id]/conversations/route';
import { POST as typing } from '@/app/api/widgets/[id]/conversations/[cid]/typing/route';
import { POST as transcript } from '@/app/api/widgets/[id]/conversations/[cid]/transcript/route';
import { PATCH as visitorDetails } from '@/app/api/widgets/[id]/visitors/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { database } from '@/lib/db';
import { notificationsSettled } from '@/lib/conversations/notify';
import { inboxPage } from './inbox';
import { join, verifiedAccount, type Client } from './members';
import { apiRequest } from './signed-in';
import { converse, newVisitor, ownWidget, visitorRequest, type Visitor } from './visitors';
import { blockVisitor, eraseVisitor, exportVisitor, unblockVisitor } from './visitor-admin';

const ctx = (id: string, cid = '') => ({ params: Promise.resolve({ id, cid }) });

let owner: Client;
let admin: Client;
let agent: Client;
let stranger: Client;
let widgetId: string;
let otherWidgetId: string;

beforeAll(async () => {
  [owner, admin, agent, stranger] = await Promise.all(
    ['owner', 'admin', 'agent', 'stranger'].map((prefix) => verifiedAccount(prefix)),
  );
  widgetId = (await ownWidget(owner)).widgetId;
  otherWidgetId = (await ownWidget(stranger)).widgetId;
  await join(owner, owner.workspaceId, admin, 'admin');
  await join(owner, owner.workspaceId, agent, 'agent');
});

const send = (widget: string, visitor: Visitor, cid: string, text: string) =>
  postMessage(
    visitorRequest(
      'POST',
      `/api/widgets/${widget}/conversations/${cid}/messages`,
      visitor.token,
      { text },
      {
        'x-forwarded-for': visitor.address,
      },
    ),
    ctx(widget, cid),
  );
const start = (widget: string, visitor: Visitor, text: string) =>
  startConversation(
    visitorRequest(
      'POST',
      `/api/widgets/${widget}/conversations`,
      visitor.token,
      { text },
      {
        'x-forwarded-for': visitor.address,
      },
    ),
    ctx(widget),
  );
const renew = (widget: string, visitor: Visitor) =>
  startVisitor(visitorRequest('POST', `/api/widgets/${widget}/visitors`, visitor.token, {}), ctx(widget));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errorOf = async (response: Response) => [response.status, (await response.json()).error?.code];

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

/** Every column of every table in the schema that could hold text of the visitor: text, uuid, json, arrays. */
async function columns(): Promise<{ table: string; column: string }[]> {
  const { rows } = (await (
    await database()
  ).execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns c
    where table_schema = 'public'
      and exists (select 1 from information_schema.tables t
                  where t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
      and data_type in ('text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'ARRAY', 'bytea')
    order by 1, 2`)) as unknown as { rows: { table: string; column: string }[] };
  return rows;
}

/** `table.column` for each column of the schema holding any of `needles` (case-insensitive), with how many rows. */
async function traces(needles: string[]): Promise<string[]> {
  const db = await database();
  const found: string[] = [];
  for (const { table, column } of await columns()) {
    const value = sql.raw(`"${column}"::text`);
    const cell = sql.raw(`"${table}"`);
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from ${cell} where ${sql.join(
        needles.map((needle) => sql`position(lower(${needle}) in lower(${value})) > 0`),
        sql` or `,
      )}`,
    )) as unknown as { rows: { n: number }[] };
    if (rows[0].n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('erasing a visitor', () => {
  it('deletes everything of them in one go and keeps a record without their data', async () => {
    const visitor = await newVisitor(widgetId);
    const name = `Zephyrine${Date.now()}`;
    const email = `zephyrine-${Date.now()}@example.com`;
    const asked = `transcript-${Date.now()}@example.com`;
    const secret = `Order number QX${Date.now()} please`;
    const { conversation } = await converse(widgetId, visitor, secret, { name });
    const second = await converse(widgetId, visitor, 'A second question');
    await visitorDetails(
      visitorRequest('PATCH', `/api/widgets/${widgetId}/visitors`, visitor.token, {
        email,
        attributes: { plan: name },
      }),
      ctx(widgetId),
    );
    await reply(
      apiRequest('POST', `/api/workspaces/${owner.workspaceId}/inbox/${conversation.id}/messages`, owner, {
        text: 'We are on it',
      }),
      { params: Promise.resolve({ wid: owner.workspaceId, cid: conversation.id }) },
    );
    const transcriptAsked = await transcript(
      visitorRequest(
        'POST',
        `/api/widgets/${widgetId}/conversations/${conversation.id}/transcript`,
        visitor.token,
        { email: asked },
        { 'x-forwarded-for': visitor.address },
      ),
      ctx(widgetId, conversation.id),
    );
    expect(transcriptAsked.status).toBe(202);
    await notificationsSettled();
    // A mail of local mode stored before mails named their visitor goes too (by its address).
    const db = await database();
    await db.execute(
      sql`insert into mails (kind, "to", subject, text, html) values ('operatorReply', ${email}, 'Re', 'old', 'old')`,
    );
    const bystander = await newVisitor(widgetId);
    await converse(widgetId, bystander, 'Someone else entirely');

    const needles = [visitor.visitorId, conversation.id, second.conversation.id, name, email, asked, secret];
    // The search finds them before (so an empty answer after means something).
    expect(await traces(needles)).toEqual(
      expect.arrayContaining([
        'visitors.id',
        'visitors.name',
        'conversations.id',
        'conversation_messages.body',
        'transcript_requests.email',
        'mails.to',
        'rate_limits.key',
      ]),
    );

    expect(await errorOf(await eraseVisitor(agent, owner.workspaceId, visitor.visitorId))).toEqual([403, 'forbidden']);
    expect(await errorOf(await eraseVisitor(stranger, stranger.workspaceId, visitor.visitorId))).toEqual([
      404,
      'notFound',
    ]);
    expect(await errorOf(await eraseVisitor(stranger, owner.workspaceId, visitor.visitorId))).toEqual([
      404,
      'notFound',
    ]);
    expect(await traces(needles)).not.toEqual([]);

    const erased = await eraseVisitor(admin, owner.workspaceId, visitor.visitorId);
    expect(erased.status).toBe(200);
    const { erasure } = await erased.json();
    expect(erasure).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      conversations: 2,
      messages: 3,
      transcriptRequests: 1,
      mails: expect.any(Number),
    });
    expect(erasure.mails).toBeGreaterThanOrEqual(2);

    expect(await traces(needles)).toEqual([]);
    // The record: who erased, when, where, how much; nothing that leads back to the visitor.
    const { rows } = (await db.execute(sql`select * from visitor_erasures where id = ${erasure.id}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(rows[0]).toMatchObject({
      workspace_id: owner.workspaceId,
      erased_by: admin.uid,
      conversations: 2,
      created_at: expect.anything(),
    });
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'id',
        'workspace_id',
        'erased_by',
        'conversations',
        'messages',
        'transcript_requests',
        'mails',
        'created_at',
      ].sort(),
    );
    // The other visitor is untouched; the erased one's token no longer works (the widget starts afresh).
    expect((await inboxPage(owner)).status).toBe(200);
    expect(await traces([bystander.visitorId])).toEqual(expect.arrayContaining(['visitors.id']));
    expect(await errorOf(await renew(widgetId, visitor))).toEqual([401, 'invalidVisitorToken']);
    expect(await errorOf(await eraseVisitor(admin, owner.workspaceId, visitor.visitorId))).toEqual([404, 'notFound']);
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
