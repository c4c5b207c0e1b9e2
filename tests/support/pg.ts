// Straight to the tests' PostgreSQL (TEST_DATABASE_URL, or another database of that cluster), beside
// the app: what an operator or another instance would do.
import { randomBytes } from 'node:crypto';

/** One statement on a connection of its own; answers its rows. */
export async function sql<Row = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
  connectionString = process.env.TEST_DATABASE_URL,
): Promise<Row[]> {
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

/**
 * A database of its own on the tests' cluster, for a test that changes the catalogue or locks tables
 * (the other tests on the cluster expect the seeded catalogue). `at(port)`: its address through a
 * forwarder on that port.
 */
export async function ownDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await sql(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    at(port: number) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    /** One statement in this database, as an operator would run it. */
    sql: <Row = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      sql<Row>(text, values, url.toString()),
    drop: () => sql(`drop database if exists ${name} with (force)`),
  };
}
