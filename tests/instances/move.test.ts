// npm run db:move: a customer's data written through npm start on PGlite (session, ticket, paid order, widget,
// a visitor's conversation, a lobby message) moved into an empty PostgreSQL database; an instance started on
// it serves the same rows to the same signed-in session, applies no migration again, and continues the ids.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../scripts/auth-emulator.mjs';
import { signInTo } from '../support/sign-in';
import { ownDatabase } from '../support/pg';
import { databaseCommand, readFolder } from '../support/database-command';
import { instances, type Server } from './instances';

jest.setTimeout(300_000);

const servers = instances();
const scratch = mkdtempSync(join(tmpdir(), 'db-move-'));
let target: Awaited<ReturnType<typeof ownDatabase>> | undefined;
afterAll(async () => {
  await servers.stopAll();
  await target?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

const TABLES = [
  'sessions',
  'tickets',
  'ticket_messages',
  'orders',
  'widgets',
  'visitors',
  'conversations',
  'conversation_messages',
  'chat_messages',
  'drizzle.__drizzle_migrations',
];
/** Each table's rows as the database itself writes them (times in UTC), in a stable order; the sequences' positions. */
const ROWS = TABLES.map(
  (table) => `select '${table}' as name, coalesce(json_agg(r order by r::text), '[]')::text as rows
    from (select to_jsonb(t) as r from ${table} t) s`,
)
  .concat(
    `select 'sequences', json_agg(json_build_object('name', sequencename, 'last', last_value) order by sequencename)::text
      from pg_sequences`,
  )
  .join(' union all ');

async function rowsOf(query: (text: string) => Promise<{ rows: { name: string; rows: string }[] }>) {
  await query(`set time zone 'UTC'`);
  return Object.fromEntries((await query(ROWS)).rows.map(({ name, rows }) => [name, JSON.parse(rows)]));
}

async function rowsInPostgres(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await rowsOf((text) => client.query(text));
  } finally {
    await client.end();
  }
}

async function call(
  server: Server,
  path: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: server.origin, cookie, 'content-type': 'application/json', ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

it('moves the embedded database into an empty PostgreSQL database that an instance then serves', async () => {
  const folder = join(scratch, 'pglite');
  const embedded = await servers.start('npm start on PGlite', { databaseUrl: '', env: { PGLITE_DATA_DIR: folder } });
  const { cookie } = await signInTo(embedded.origin, 'move');
  const ticket = { subject: 'Before the move', category: 'billing', message: 'Written on the embedded database.' };
  expect((await call(embedded, '/api/tickets', cookie, ticket)).status).toBe(201);
  const checkout = await call(
    embedded,
    '/api/checkout',
    cookie,
    { productId: 'setup-service', quantity: 1 },
    {
      'idempotency-key': crypto.randomUUID(),
    },
  );
  expect(checkout.status).toBe(201);
  const session = /cs_local_[0-9a-f]{32}/.exec(checkout.body.url)![0];
  const card = { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };
  expect((await call(embedded, `/api/checkout/local/${session}`, cookie, card)).status).toBe(200);
  const widget = await call(embedded, '/api/widgets', cookie, {
    name: 'Moved widget',
    allowedOrigins: [],
    accentColor: '#4338ca',
    locale: 'en',
  });
  expect(widget.status).toBe(201);
  const widgetId = widget.body.widget.id as string;
  const visitor = await call(embedded, `/api/widgets/${widgetId}/visitors`, '', {});
  expect(visitor.status).toBe(201);
  const bearer = { authorization: `Bearer ${visitor.body.token}` };
  const asked = await call(embedded, `/api/widgets/${widgetId}/conversations`, '', { text: 'Moved?' }, bearer);
  expect(asked.status).toBe(201);
  const lobby = await call(embedded, '/api/chat/lobby/messages', cookie, { text: 'Last word on PGlite' });
  expect(lobby.status).toBe(201);
  await embedded.stop();

  target = await ownDatabase('move');
  const moved = await databaseCommand(['move', target.url], folder);
  expect(moved).toMatchObject({ code: 0, stderr: '' });
  expect(moved.stdout).toMatch(/^Moved \d+ rows of \d+ tables from the folder \(no server running\) into postgres:/);
  const before = await readFolder(folder, (client) => rowsOf((text) => client.query(text)));
  expect(before['orders']).toEqual([expect.objectContaining({ status: 'paid' })]);
  expect(await rowsInPostgres(target.url)).toEqual(before);

  // Into a database that has data now, nothing is loaded; nor where no server answers.
  const again = await databaseCommand(['move', target.url], folder);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('is not empty');
  const nowhere = `postgres://app@127.0.0.1:${await freePort()}/nothing`;
  expect(await databaseCommand(['move', nowhere], folder)).toMatchObject({
    code: 1,
    stderr: expect.stringContaining(`Cannot reach PostgreSQL at ${nowhere}: ECONNREFUSED`),
  });
  expect(await rowsInPostgres(target.url)).toEqual(before);

  const onPostgres = await servers.start('npm start on the moved database', { databaseUrl: target.url });
  const tickets = await call(onPostgres, '/api/tickets', cookie);
  expect(tickets.status).toBe(200);
  expect(tickets.body.items).toEqual([expect.objectContaining({ subject: ticket.subject })]);
  expect((await call(onPostgres, '/api/tickets', cookie, { ...ticket, subject: 'After the move' })).status).toBe(201);
  const next = await call(onPostgres, '/api/chat/lobby/messages', cookie, { text: 'First word on PostgreSQL' });
  expect(next.status).toBe(201);
  // The sequence goes on where it stood in PGlite (past the ids it had logged ahead before the server stopped).
  const chatSequence = before['sequences'].find(({ name }: { name: string }) => name === 'chat_messages_id_seq');
  expect(chatSequence.last).toBeGreaterThanOrEqual(lobby.body.message.id);
  expect(next.body.message.id).toBe(chatSequence.last + 1);
  const after = await rowsInPostgres(target.url);
  expect(after['drizzle.__drizzle_migrations']).toEqual(before['drizzle.__drizzle_migrations']);
  expect(after['tickets']).toHaveLength(2);
});
