// Straight to the tests' PostgreSQL (TEST_DATABASE_URL, or another database of that cluster), beside
// the app: what an operator or another instance would do.
import { randomBytes } from 'node:crypto';

/** One statement on a connection of its own; answers its rows. */
export async function sql<Row = Record<string, unknown>>(text: string, values: unknown[] = [], connectionString = process.env.TEST_DATABASE_URL): Promise<Row[]> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * A chat room of a test's own (a widget's: rooms other than the lobby exist only as widgets), so that
 * other tests on the same database cannot interleave; answers its id. Insert it after an instance has
 * migrated the database.
 */
export async function createWidgetRoom(owner: string): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  await sql(
    `insert into widgets (id, uid, name, allowed_origins, accent_color, locale, request_key) values ($1, $2, 'Test room', '[]', '#4338ca', 'en', $1)`,
    [id, owner],
  );
  return id;
}

/** Removes a room made by createWidgetRoom with its messages. */
export async function dropWidgetRoom(id: string): Promise<void> {
  await sql('delete from chat_messages where room = $1', [id]);
  await sql('delete from widgets where id = $1', [id]);
}
