// `BENCH_ONLY=inbox npm run bench` (issue 39): one workspace with BENCH_INBOX_CONVERSATIONS conversations
// (default 100,000) of BENCH_INBOX_MESSAGES messages each (default 10), seeded by SQL (inbox-seed.mjs), on
// PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. Measured one request at a time through the API with a
// member's session: the inbox's first page, pages deep into it (to the 10,000th conversation), searches, and the
// reports of 90 days with their CSV export;
// beside them the bare Next fixture's dynamic page, measured the same way in the same run.
import { join } from 'node:path';
import { DEMO_PROJECT_ID, freePort } from '../../scripts/auth-emulator.mjs';
import { seedStatements } from './inbox-seed.mjs';
import { json, sessionOf, signedInSession } from './session.mjs';

export function inboxSettings() {
  const number = (name, fallback) => Number(process.env[name] ?? fallback);
  return {
    conversations: number('BENCH_INBOX_CONVERSATIONS', 100_000),
    perConversation: number('BENCH_INBOX_MESSAGES', 10),
    samples: number('BENCH_INBOX_SAMPLES', 30),
    deepPages: number('BENCH_INBOX_DEEP_PAGES', 200),
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
  };
}

// Words of the seeded texts and names: frequent and rare ones, inflected and prefixes, two words, a name.
export const SEARCHES = [
  'Rechnungen',
  'rechn',
  'invoice',
  'Passwort zurücksetzen',
  'kündigen Abonnement',
  'Greta Weber',
  'example.com',
  'xylophon',
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const figures = (times) => ({
  n: times.length,
  p50_ms: Math.round(percentile(times, 50) * 10) / 10,
  p95_ms: Math.round(percentile(times, 95) * 10) / 10,
});

/** Milliseconds of one GET that must answer 200; answers the parsed body too. */
async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return { ms, body: JSON.parse(body || 'null') };
}

/** `samples` sequential GETs of a page of the bare fixture, after five unmeasured ones. */
export async function measureBare(origin, samples) {
  const times = [];
  for (let i = 0; i < samples + 5; i++) {
    const started = performance.now();
    await (await fetch(`${origin}/dynamic`)).arrayBuffer();
    if (i >= 5) times.push(performance.now() - started);
  }
  return figures(times);
}

/** The member's workspace and a widget in it (the business plan's limits do not matter: one widget). */
export async function workspaceWithWidget(origin, headers) {
  const { workspaces } = await (await fetch(`${origin}/api/workspaces`, { headers })).json();
  const workspaceId = workspaces.find((workspace) => workspace.personal).id;
  const response = await fetch(`${origin}/api/widgets`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', accentColor: '#0f766e', greeting: '', locale: 'de', allowedOrigins: [] }),
  });
  if (response.status !== 201)
    throw new Error(`POST /api/widgets answered ${response.status}: ${await response.text()}`);
  return { workspaceId, widgetId: (await response.json()).widget.id };
}

/** Runs the seeding statements through `exec` (one statement at a time), logging each one's time. */
export async function seed(exec, place, settings, log) {
  const started = performance.now();
  for (const statement of seedStatements(place, settings.conversations, settings.perConversation)) {
    const at = performance.now();
    await exec(statement);
    log(`seeded: ${statement.trim().split(/\s+/).slice(0, 3).join(' ')} … ${Math.round(performance.now() - at)} ms`);
  }
  return Math.round((performance.now() - started) / 1000);
}

/** The inbox's first page, pages deep into it, and each search, one request at a time. */
export async function measureInbox(origin, headers, workspaceId, settings, log) {
  const api = `${origin}/api/workspaces/${workspaceId}/inbox`;
  for (let i = 0; i < 5; i++) await timed(api, headers);
  const first = [];
  for (let i = 0; i < settings.samples; i++) first.push((await timed(api, headers)).ms);
  const deep = [];
  let cursor = (await timed(api, headers)).body.nextCursor;
  let deepest = 1;
  for (let page = 2; page <= settings.deepPages && cursor; page++, deepest++) {
    const { ms, body } = await timed(`${api}?cursor=${encodeURIComponent(cursor)}`, headers);
    deep.push(ms);
    cursor = body.nextCursor;
  }
  log(`inbox: first page p95 ${figures(first).p95_ms} ms; pages 2–${deepest} p95 ${figures(deep).p95_ms} ms`);
  const searches = {};
  const all = [];
  for (const q of SEARCHES) {
    const times = [];
    let hits = 0;
    for (let i = 0; i < Math.max(5, Math.round(settings.samples / 3)); i++) {
      const { ms, body } = await timed(`${api}?q=${encodeURIComponent(q)}`, headers);
      times.push(ms);
      hits = body.results.length;
    }
    searches[q] = { ...figures(times), hits };
    all.push(...times);
    log(`search "${q}": p95 ${searches[q].p95_ms} ms (${hits} hits on the first page)`);
  }
  const reports = await measureReports(origin, headers, workspaceId, settings, log);
  return {
    reports,
    first_page: figures(first),
    deep_pages: { ...figures(deep), deepest_page: deepest },
    search: figures(all),
    searches,
  };
}

/**
 * The reports of the last 90 days (days in Berlin), as the reports page asks for them, one request at a time; and
 * one CSV export of those days, streamed to its end (its time and size).
 */
async function measureReports(origin, headers, workspaceId, settings, log) {
  const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const query = `from=${day(89)}&to=${day(0)}&tz=Europe%2FBerlin`;
  const api = `${origin}/api/workspaces/${workspaceId}/reports`;
  for (let i = 0; i < 3; i++) await timed(`${api}?${query}`, headers);
  const times = [];
  let started = 0;
  for (let i = 0; i < Math.max(5, Math.round(settings.samples / 3)); i++) {
    const { ms, body } = await timed(`${api}?${query}`, headers);
    times.push(ms);
    started = body.totals.started;
  }
  const at = performance.now();
  const csv = await fetch(`${api}/conversations.csv?${query}`, { headers });
  const bytes = (await csv.arrayBuffer()).byteLength;
  const csvMs = Math.round(performance.now() - at);
  const result = { ...figures(times), conversations: started, csv_ms: csvMs, csv_bytes: bytes };
  log(`reports (90 days, ${started} conversations): p95 ${result.p95_ms} ms; CSV ${bytes} bytes in ${csvMs} ms`);
  return result;
}

/** A fresh database on the PostgreSQL server of `url` (dropped by the caller with `dropDatabase`). */
export async function freshPostgres(url) {
  const { default: pg } = await import('pg');
  const name = `bench_inbox_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const drop = async () => {
    const again = new pg.Client({ connectionString: url });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
  return { url: target.toString(), drop };
}

/** `exec` for a PostgreSQL URL, and its end. */
export async function postgresExec(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { exec: (statement) => client.query(statement), end: () => client.end() };
}

/** `exec` for the PGlite folder the app used (the app must have stopped: one process opens it). */
export async function pgliteExec(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dataDir);
  return { exec: (statement) => client.exec(statement), end: () => client.close() };
}

/** A member's session on a running app whose Auth emulator listens on `emulatorPort`. */
export const benchSession = (app, emulatorPort) => signedInSession(app.origin, `127.0.0.1:${emulatorPort}`);

/**
 * The member's session on a restarted app: its emulator starts without accounts, so the account comes back
 * under the same uid (the emulator's admin API) and signs in again.
 */
async function sessionAgain(app, emulatorPort, { uid, email, password }) {
  const identity = `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1`;
  const post = (url, body, headers = {}) =>
    json(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  await post(
    `${identity}/projects/${DEMO_PROJECT_ID}/accounts`,
    { localId: uid, email, password },
    { authorization: 'Bearer owner' },
  );
  const { body } = await post(`${identity}/accounts:signInWithPassword?key=demo-api-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  return { headers: await sessionOf(app.origin, body.idToken) };
}

/** The environment of an app instance of the inbox bench: its own emulator and database. */
export async function inboxAppEnv(dataDir, database) {
  return {
    AUTH_EMULATOR_PORT: String(await freePort()),
    SESSION_SECRET: 'bench-inbox-session-secret-0123456789abcdef',
    ...(database.url ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: join(dataDir, 'db') }),
  };
}

const log = (line) => console.log(`  ${line}`);

/**
 * The bench on one database: an app instance signs a member in and makes a widget; the inbox is seeded (on
 * PGlite with the app stopped, as one process opens its folder) and measured on a running instance.
 */
export async function inboxOn(kind, dataDir, database, settings, servers, startApp) {
  const env = await inboxAppEnv(dataDir, database);
  servers.inbox = await startApp(`app (inbox, ${kind})`, env);
  let session = await benchSession(servers.inbox, Number(env.AUTH_EMULATOR_PORT));
  const { workspaceId, widgetId } = await workspaceWithWidget(servers.inbox.origin, session.headers);
  if (!database.url) await servers.inbox.stop();
  const db = database.url ? await postgresExec(database.url) : await pgliteExec(env.PGLITE_DATA_DIR);
  let seconds;
  try {
    seconds = await seed(db.exec, { workspaceId, widgetId }, settings, log);
  } finally {
    await db.end();
  }
  log(
    `${kind}: ${settings.conversations} conversations, ${settings.conversations * settings.perConversation} messages in ${seconds} s`,
  );
  if (!database.url) {
    servers.inbox = await startApp(`app (inbox, ${kind})`, env);
    session = await sessionAgain(servers.inbox, Number(env.AUTH_EMULATOR_PORT), session.account);
  }
  try {
    return {
      seed_seconds: seconds,
      ...(await measureInbox(servers.inbox.origin, session.headers, workspaceId, settings, log)),
    };
  } catch (error) {
    console.log(`  the server's last output:\n${servers.inbox.log()}`);
    throw error;
  } finally {
    await servers.inbox.stop();
    delete servers.inbox;
  }
}

/** Issue 39's goals (absolute, as the issue states them), each printed with the bare page's p95 beside it. */
export const inboxBudgets = { firstPageP95Ms: 50, deepPageP95Ms: 50, searchP95Ms: 200, reportsP95Ms: 500 };

export function printInbox(result) {
  const ratio = (ms) => `${Math.round((ms / result.bare.p95_ms) * 10) / 10}× the bare page`;
  for (const kind of ['pglite', 'postgres']) {
    const figures = result[kind];
    if (!figures) continue;
    console.log(`  ${kind} (seeded in ${figures.seed_seconds} s):`);
    for (const [label, value, limit] of [
      ['first page', figures.first_page.p95_ms, inboxBudgets.firstPageP95Ms],
      [`pages 2–${figures.deep_pages.deepest_page}`, figures.deep_pages.p95_ms, inboxBudgets.deepPageP95Ms],
      ['search', figures.search.p95_ms, inboxBudgets.searchP95Ms],
      ['reports, 90 days', figures.reports.p95_ms, inboxBudgets.reportsP95Ms],
    ])
      console.log(`    ${value <= limit ? '✓' : '✗'} ${label}: p95 ${value} ms (goal ${limit} ms; ${ratio(value)})`);
  }
  console.log(`  bare fixture /dynamic: p95 ${result.bare.p95_ms} ms`);
}
