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
 * A public chat room of a test's own, so that other tests on the same database cannot interleave;
 * answers its id. Insert it after an instance has migrated the database.
 */
export async function createChatRoom(): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  await sql('insert into chat_rooms (id) values ($1)', [id]);
  return id;
}

/** Removes a room made by createChatRoom with its messages. */
export async function dropChatRoom(id: string): Promise<void> {
  await sql('delete from chat_messages where room = $1', [id]);
  await sql('delete from chat_rooms where id = $1', [id]);
}
