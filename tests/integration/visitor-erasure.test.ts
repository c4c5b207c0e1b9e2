// Erase a visitor (issue 39, point 8): nothing of them is left in any table (every column of the schema that can
// hold text is searched, so a table added later that keeps something fails here), and the record of the erasure
// holds none of their data.
import { sql } from 'drizzle-orm';
import { POST as transcript } from '@/app/api/widgets/[id]/conversations/[cid]/transcript/route';
import { PATCH as visitorDetails } from '@/app/api/widgets/[id]/visitors/route';
import { POST as reply } from '@/app/api/workspaces/[wid]/inbox/[cid]/messages/route';
import { database } from '@/lib/db';
import { notificationsSettled } from '@/lib/conversations/notify';
import { inboxPage } from './inbox';
import type { Client } from './members';
import { apiRequest } from './signed-in';
import { converse, newVisitor, visitorRequest } from './visitors';
import { eraseVisitor, errorOf, privacyTeam, renew, widgetCtx as ctx } from './visitor-admin';

let owner: Client;
let admin: Client;
let agent: Client;
let stranger: Client;
let widgetId: string;

// Four accounts, two widgets and two invitations: slow on a busy machine.
beforeAll(async () => {
  ({ owner, admin, agent, stranger, widgetId } = await privacyTeam());
}, 120_000);

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
