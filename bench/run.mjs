// npm run bench: measures our pages against a bare Next.js fixture and a plain node:http server, prints
// a table and writes bench/results/latest.json. Budgets are reported only; the run fails only when a
// target answers non-2xx or errors, since the numbers would then describe the wrong thing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { buildFixtureIfNeeded, fixtureDir, sizeFixtureLike } from './lib/fixture.mjs';
import { loadSettings, measureAll } from './lib/measure.mjs';
import { hostSpeed, keepRun, machine, printHistory, printResults, warnIfBusy } from './lib/report.mjs';
import { root, startNext, startStaticServer } from './lib/servers.mjs';
import { freePort } from '../scripts/auth-emulator.mjs';
import { signedInSession } from './lib/session.mjs';
import { LIMIT_BASELINE, baselines, scenarios } from './scenarios.mjs';
import { chatServerEnv, chatSettings } from './lib/chat-fanout.mjs';
import { printConversations } from './lib/report.mjs';
import { benchChat, benchConversations, benchLandingMemory, startApp } from './lib/fresh-instances.mjs';
import { checkPrerendered, expectOk } from './lib/preflight.mjs';
import { bundleBudgets, bundleResults, scenarioBudgets, scenarioResults } from './lib/results.mjs';
import { freshPostgres, inboxOn, inboxSettings, measureBare, printInbox } from './lib/inbox-scale.mjs';

/** A fresh folder for the embedded databases, removed when the run ends. */
function temporaryDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** `BENCH_ONLY=landing npm run bench`: that measurement alone. */
async function landingOnly() {
  buildIfNeeded();
  const dataDir = temporaryDataDir();
  console.log('Landing under load (memory)');
  const { result, budget } = await benchLandingMemory(dataDir, {});
  console.log(`  ${budget.ok ? '✓' : '✗'} ${budget.name}: ${budget.actual}`);
  if (result.non2xx > 0) process.exitCode = 1;
}

/** `BENCH_ONLY=conversations npm run bench`: that measurement alone, into bench/results/conversations.json. */
async function conversationsOnly() {
  buildIfNeeded();
  const dataDir = temporaryDataDir();
  const servers = {};
  try {
    console.log('Conversations');
    const { result, budgets } = await benchConversations(dataDir, servers);
    const resultsDir = join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'conversations.json'),
      `${JSON.stringify({ conversations: result, budgets, machine: machine(loadSettings()) }, null, 2)}\n`,
    );
    printConversations(result);
    for (const budget of budgets) console.log(`  ${budget.ok ? '✓' : '✗'} ${budget.name}: ${budget.actual}`);
    if (result.stored < result.posted) process.exitCode = 1;
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

/** What the HTTP scenarios and the baselines ask, each request checked to answer 2xx before it is measured. */
async function httpTargets(servers, session) {
  const app = servers.app;
  const targets = [
    ...Object.entries(baselines).map(([key, { server, path, connections }]) => ({
      label: key,
      request: { url: servers[server].origin + path, connections },
    })),
    ...scenarios.map(({ name, path, method, headers, body, connections, session: signedIn, uniqueRequestKey }) => ({
      label: name,
      request: {
        url: app.origin + path,
        method,
        headers: { ...headers, ...(signedIn && session.headers) },
        body,
        connections,
        uniqueRequestKey,
      },
    })),
  ];
  for (const { label, request } of targets) await expectOk(label, request.url, request);
  return targets;
}

/**
 * `BENCH_ONLY=inbox npm run bench`: the inbox at scale (bench/lib/inbox-scale.mjs) on PGlite and, with
 * BENCH_DATABASE_URL, on PostgreSQL, beside the bare fixture's dynamic page; into bench/results/inbox.json.
 */
async function inboxOnly() {
  buildIfNeeded();
  buildFixtureIfNeeded();
  const settings = inboxSettings();
  const dataDir = temporaryDataDir();
  const servers = {};
  try {
    console.log('The inbox at scale');
    servers.bare = await startNext({ label: 'bare fixture', dir: fixtureDir, readyPath: '/' });
    const result = {
      settings: { ...settings, databaseUrl: undefined },
      bare: await measureBare(servers.bare.origin, 90),
    };
    await servers.bare.stop();
    delete servers.bare;
    console.log(`  bare fixture /dynamic: p95 ${result.bare.p95_ms} ms`);
    result.pglite = await inboxOn('PGlite', join(dataDir, 'inbox-pglite'), {}, settings, servers, startApp);
    if (settings.databaseUrl) {
      const database = await freshPostgres(settings.databaseUrl);
      try {
        result.postgres = await inboxOn('PostgreSQL', join(dataDir, 'inbox-pg'), database, settings, servers, startApp);
      } finally {
        await database.drop();
      }
    }
    const resultsDir = join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'inbox.json'),
      `${JSON.stringify({ ...result, machine: machine(loadSettings()) }, null, 2)}\n`,
    );
    printInbox(result);
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'inbox') return inboxOnly();
  if (process.env.BENCH_ONLY === 'conversations') return conversationsOnly();
  if (process.env.BENCH_ONLY === 'landing') return landingOnly();
  const settings = loadSettings();
  const chat = chatSettings();
  buildIfNeeded();
  const speedAtStart = hostSpeed();

  const authEmulatorPort = await freePort();
  // A fresh embedded database in files (memory:// would keep PostgreSQL's initdb in the server's memory).
  const dataDir = temporaryDataDir();
  const app = await startApp('app', {
    AUTH_EMULATOR_PORT: String(authEmulatorPort),
    PGLITE_DATA_DIR: join(dataDir, 'db'),
    ...chatServerEnv(chat.subscribers),
  });
  const session = await signedInSession(app.origin, `127.0.0.1:${authEmulatorPort}`);
  const landing = await expectOk('app', `${app.origin}/`);
  if (sizeFixtureLike(landing.body.length)) console.log(`Resized the fixture to ${landing.body.length} bytes of HTML.`);
  buildFixtureIfNeeded();
  const fixture = await startNext({ label: 'fixture', dir: fixtureDir, readyPath: '/' });
  const nodeHttp = await startStaticServer({
    label: 'node-http',
    body: landing.body,
    contentType: landing.headers['content-type'],
  });
  const servers = { app, fixture, 'node-http': nodeHttp };

  try {
    const fixturePage = await expectOk('fixture', `${fixture.origin}/`);
    console.log(`HTML of /: app ${landing.body.length} bytes, fixture ${fixturePage.body.length} bytes`);
    const cacheChecks = await checkPrerendered(app.origin, scenarios);

    warnIfBusy();
    const targets = await httpTargets(servers, session);
    const measured = await measureAll(targets, settings, (line) => console.log(`  ${line}`));
    const failures = [...measured]
      .filter(([, result]) => result.non2xx > 0 || result.errors > 0)
      .map(
        ([label, r]) =>
          `${label}: ${r.non2xx} non-2xx, ${r.errors} errors (status codes ${JSON.stringify(r.statusCodes)})`,
      );

    const measuredBaselines = Object.fromEntries(Object.keys(baselines).map((key) => [key, measured.get(key)]));
    const limit = measuredBaselines[LIMIT_BASELINE];

    console.log('\nChat fan-out');
    await app.stop();
    const chatRun = await benchChat(dataDir, servers, chat);
    const chatResult = chatRun.result;
    if (chatResult.stored < chatResult.posted)
      failures.push(
        `chat-fanout: only ${chatResult.stored} of ${chatResult.posted} posts answered 201 (${JSON.stringify(chatResult.post_statuses)})`,
      );

    console.log('\nLanding under load (memory)');
    const landingMemory = await benchLandingMemory(dataDir, servers);
    if (landingMemory.result.non2xx > 0) failures.push(`landing memory: ${landingMemory.result.non2xx} non-2xx`);

    console.log('\nConversations');
    const conversations = await benchConversations(dataDir, servers);
    if (conversations.result.stored < conversations.result.posted) {
      failures.push(
        `conversations: only ${conversations.result.stored} of ${conversations.result.posted} posts answered 201 (${JSON.stringify(conversations.result.post_statuses)})`,
      );
    }

    const scenarioFigures = scenarioResults(measured, measuredBaselines, limit);
    const bundleFigures = bundleResults();
    const budgets = [
      ...scenarioBudgets(scenarioFigures),
      ...bundleBudgets(bundleFigures.results),
      ...cacheChecks,
      ...chatRun.budgets,
      landingMemory.budget,
      ...conversations.budgets,
    ];

    const pick = ({ rps, p50_ms, p99_ms, rounds_rps }) => ({ rps, p50_ms, p99_ms, rounds_rps });
    const results = {
      scenarios: scenarioFigures,
      baselines: Object.fromEntries(Object.entries(measuredBaselines).map(([key, value]) => [key, pick(value)])),
      bundles: bundleFigures.results,
      chat: chatResult,
      conversations: conversations.result,
      landing_memory: landingMemory.result,
      budgets,
      machine: { ...machine(settings), host_speed: { start: speedAtStart, end: hostSpeed() } },
    };
    const resultsDir = join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    printResults(results, bundleFigures.details);
    printHistory(keepRun(resultsDir, results));
    console.log('\nWrote bench/results/latest.json and kept the run beside the last ones (bench/results/run-*.json)');

    if (failures.length > 0) {
      console.error(`\n✗ Invalid benchmark: some targets did not answer 2xx:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
