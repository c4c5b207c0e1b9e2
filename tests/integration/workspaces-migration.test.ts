// The migration to workspaces (issue 36): each owner's widgets, with their visitors, conversations and messages,
// move into the owner's new personal workspace; the support owner's into the support workspace, whose admins are
// the accounts signed in with the admin claim. On PGlite, and on PostgreSQL when TEST_DATABASE_URL names one.
import { foldersAround, migratingPglite, migratingPostgres } from './migrations';

type Client = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

const OWNERS = { 'owner-ada': ['ada-shop', 'ada-blog'], 'owner-bob': ['bob-shop'], 'plauder:support': ['support'] };

/** Widgets of three owners, each with two visitors, one conversation per visitor and three messages in each. */
async function rowsBefore(client: Client) {
  let n = 0;
  for (const [owner, ids] of Object.entries(OWNERS))
    for (const widget of ids) {
      await client.query(
        `insert into widgets (id, uid, name, allowed_origins, accent_color, locale, request_key)
         values ($1, $2, $1, '[]', '#4338ca', 'en', $1)`,
        [widget, owner],
      );
      for (const visitor of [`${widget}-v1`, `${widget}-v2`]) {
        const conversation = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
        await client.query(`insert into visitors (id, widget_id, name) values ($1, $2, 'Eve')`, [visitor, widget]);
        await client.query(
          `insert into conversations (id, widget_id, visitor_id, request_key, locale) values ($1, $2, $3, 'k', 'en')`,
          [conversation, widget, visitor],
        );
        for (const body of ['Hello', 'Hi, how can we help?', 'Thanks'])
          await client.query(
            `insert into conversation_messages (conversation_id, widget_id, sender, body) values ($1, $2, 'visitor', $3)`,
            [conversation, widget, body],
          );
      }
    }
  // Support staff signed in (one session current, one expired), and a customer.
  const session = (uid: string, admin: boolean, expires: string) =>
    client.query(`insert into sessions (uid, profile, expires_at) values ($1, $2, now() + $3::interval)`, [
      uid,
      JSON.stringify({ email: null, displayName: null, photoURL: null, emailVerified: true, providerIds: [], admin }),
      expires,
    ]);
  await session('staff', true, '1 hour');
  await session('former-staff', true, '-1 hour');
  await session('owner-ada', false, '1 hour');
}

const counts = (client: Client) =>
  client.query(
    `select (select count(*) from visitors)::int as visitors, (select count(*) from conversations)::int as conversations,
            (select count(*) from conversation_messages)::int as messages`,
  );

async function checkMigration(client: Client, migrateTo: (folder: string) => Promise<void>) {
  const folders = foldersAround('_workspaces');
  try {
    await migrateTo(folders.before);
    await rowsBefore(client);
    const before = (await counts(client)).rows;
    await migrateTo(folders.through);

    // Every visitor, conversation and message is still there, on its widget.
    expect((await counts(client)).rows).toEqual(before);
    expect(before).toEqual([{ visitors: 8, conversations: 8, messages: 24 }]);
    const { rows: widgets } = await client.query(
      `select w.id, s.personal_of, s.system_key from widgets w join workspaces s on s.id = w.workspace_id order by w.id`,
    );
    expect(widgets).toEqual([
      { id: 'ada-blog', personal_of: 'owner-ada', system_key: null },
      { id: 'ada-shop', personal_of: 'owner-ada', system_key: null },
      { id: 'bob-shop', personal_of: 'owner-bob', system_key: null },
      { id: 'support', personal_of: null, system_key: 'support' },
    ]);
    const { rows: members } = await client.query(
      `select m.uid, m.role, s.personal_of, s.system_key from workspace_members m join workspaces s on s.id = m.workspace_id
       order by m.uid`,
    );
    expect(members).toEqual([
      { uid: 'owner-ada', role: 'owner', personal_of: 'owner-ada', system_key: null },
      { uid: 'owner-bob', role: 'owner', personal_of: 'owner-bob', system_key: null },
      { uid: 'staff', role: 'admin', personal_of: null, system_key: 'support' },
    ]);
    expect((await client.query('select count(*)::int as n from workspaces')).rows).toEqual([{ n: 3 }]);
    // A widget cannot be without a workspace from now on.
    await expect(
      client.query(
        `insert into widgets (id, name, allowed_origins, accent_color, locale, request_key)
         values ('orphan', 'x', '[]', '#4338ca', 'en', 'x')`,
      ),
    ).rejects.toThrow(/null/);
  } finally {
    folders.cleanUp();
  }
}

it('moves every owner’s widgets, visitors, conversations and messages into their workspace (PGlite)', async () => {
  const { client, migrateTo } = await migratingPglite();
  try {
    await checkMigration(client, migrateTo);
  } finally {
    await client.close();
  }
});

// The integration suite runs on PostgreSQL with TEST_DATABASE_URL (README, "Tests"): then this runs too.
if (process.env.TEST_DATABASE_URL)
  it('moves them the same on PostgreSQL', async () => {
    const database = (await migratingPostgres())!;
    try {
      await checkMigration(database.client, database.migrateTo);
    } finally {
      await database.close();
    }
  });
