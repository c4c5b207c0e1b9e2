// npm run bench: measures our pages against a bare Next.js fixture and a plain node:http server, prints
// a table and writes bench/results/latest.json. Budgets are reported only; the run fails only when a
// target answers non-2xx or errors, since the numbers would then describe the wrong thing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { firstLoadJs } from './bundle-stats.mjs';
import { buildFixtureIfNeeded, fixtureDir, sizeFixtureLike } from './lib/fixture.mjs';
import { loadSettings, measureAll } from './lib/measure.mjs';
import { hostSpeed, keepRun, machine, printHistory, printResults, warnIfBusy } from './lib/report.mjs';
import { root, startNext, startStaticServer } from './lib/servers.mjs';
import { freePort } from '../scripts/auth-emulator.mjs';
import { signedInSession } from './lib/session.mjs';
import {
  LIMIT_BASELINE,
  baselines,
  bundles,
  chatBudgets,
  conversationBudgets,
  landingBudgets,
  scenarios,
} from './scenarios.mjs';
import { chatServerEnv, chatSettings, measureChatFanout } from './lib/chat-fanout.mjs';
import { conversationServerEnv, conversationSettings, measureConversations } from './lib/conversations-load.mjs';
import { printConversations } from './lib/report.mjs';
import { landingSettings, measureLandingMemory } from './lib/landing-memory.mjs';

const ratio = (value, reference) => (reference > 0 ? Math.round((value / reference) * 100) / 100 : null);

/** node:http rather than fetch: no Accept-Encoding is added, so the bytes are what autocannon receives. */
function get(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function expectOk(label, url, options) {
  const response = await get(url, options);
  if (response.status < 200 || response.status > 299) {
    const location = response.headers.location ? ` → ${response.headers.location}` : '';
    throw new Error(
      `${label}: ${options?.method ?? 'GET'} ${url} answered ${response.status}${location}; refusing to benchmark it`,
    );
  }
  return response;
}

function fromPrerenderCache(headers) {
  const prerender = [headers['x-nextjs-prerender']].flat().join(',');
  return headers['x-nextjs-cache'] === 'HIT' || prerender.split(',').some((value) => value.trim() === '1');
}

/**
 * The conversations on an instance of their own (a fresh database): V visitors in V conversations and one
 * owner's inbox (bench/lib/conversations-load.mjs); answers the result and its budgets.
 */
async function benchConversations(dataDir, servers) {
  const settings = conversationSettings();
  const emulatorPort = await freePort();
  const app = await startNext({
    label: 'app (conversations)',
    dir: root,
    readyPath: '/api/health',
    viaStartScript: true,
    env: {
      AUTH_EMULATOR_PORT: String(emulatorPort),
      PGLITE_DATA_DIR: join(dataDir, 'conversations'),
      ...conversationServerEnv(settings.visitors),
    },
  });
  servers.conversations = app;
  const session = await signedInSession(app.origin, `127.0.0.1:${emulatorPort}`);
  const result = await measureConversations(app, session, settings, (line) => console.log(`  ${line}`));
  const { maxP99Ms, maxRssMb } = conversationBudgets;
  const budgets = [
    ...['visitor', 'inbox'].flatMap((side) => [
      {
        name: `conversations: p99 delivery to the ${side} <= ${maxP99Ms} ms (${settings.visitors} visitors)`,
        ok: result[side].p99_ms !== null && result[side].p99_ms <= maxP99Ms,
        actual: result[side].p99_ms,
        limit: maxP99Ms,
      },
      {
        name: `conversations: no message lost (${side})`,
        ok: result[side].lost === 0,
        actual: result[side].lost,
        limit: 0,
      },
      {
        name: `conversations: no message delivered twice (${side})`,
        ok: result[side].duplicated === 0,
        actual: result[side].duplicated,
        limit: 0,
      },
    ]),
    {
      name: `conversations: server RSS <= ${maxRssMb} MB`,
      ok: result.rss_peak_mb <= maxRssMb,
      actual: result.rss_peak_mb,
      limit: maxRssMb,
    },
  ];
  await app.stop();
  delete servers.conversations;
  return { result, budgets };
}

/** The landing pages under load on an instance of their own: its RSS against its budget. */
async function benchLandingMemory(dataDir, servers) {
  const app = await startNext({
    label: 'app (landing memory)',
    dir: root,
    readyPath: '/api/health',
    viaStartScript: true,
    env: { AUTH_EMULATOR_PORT: String(await freePort()), PGLITE_DATA_DIR: join(dataDir, 'landing') },
  });
  servers.landing = app;
  try {
    const result = await measureLandingMemory(app, landingSettings());
    const budget = {
      name: `landing under load (${result.connections} connections): server RSS <= ${landingBudgets.maxRssMb} MB`,
      ok: result.rss_peak_mb <= landingBudgets.maxRssMb,
      actual: result.rss_peak_mb,
      limit: landingBudgets.maxRssMb,
    };
    console.log(
      `  ${result.rps} req/s, ${result.non2xx} non-2xx; RSS ${result.rss_before_mb} → ${result.rss_peak_mb} MB`,
    );
    return { result, budget };
  } finally {
    await app.stop();
    delete servers.landing;
  }
}

/** `BENCH_ONLY=landing npm run bench`: that measurement alone. */
async function landingOnly() {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  console.log('Landing under load (memory)');
  const { result, budget } = await benchLandingMemory(dataDir, {});
  console.log(`  ${budget.ok ? '✓' : '✗'} ${budget.name}: ${budget.actual}`);
  if (result.non2xx > 0) process.exitCode = 1;
}

/** `BENCH_ONLY=conversations npm run bench`: that measurement alone, into bench/results/conversations.json. */
async function conversationsOnly() {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
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

async function main() {
  if (process.env.BENCH_ONLY === 'conversations') return conversationsOnly();
  if (process.env.BENCH_ONLY === 'landing') return landingOnly();
  const settings = loadSettings();
  const chat = chatSettings();
  buildIfNeeded();
  const speedAtStart = hostSpeed();

  const authEmulatorPort = await freePort();
  // A fresh embedded database in files (memory:// would keep PostgreSQL's initdb in the server's memory).
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const app = await startNext({
    label: 'app',
    dir: root,
    readyPath: '/api/health',
    viaStartScript: true,
    env: {
      AUTH_EMULATOR_PORT: String(authEmulatorPort),
      PGLITE_DATA_DIR: join(dataDir, 'db'),
      ...chatServerEnv(chat.subscribers),
    },
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

    const cacheChecks = [];
    for (const scenario of scenarios.filter((s) => s.prerendered)) {
      const { headers } = await expectOk(scenario.name, app.origin + scenario.path, scenario);
      const ok = fromPrerenderCache(headers);
      const seen = `x-nextjs-cache: ${headers['x-nextjs-cache'] ?? '—'}, x-nextjs-prerender: ${headers['x-nextjs-prerender'] ?? '—'}`;
      console.log(`${ok ? '✓' : '✗'} ${scenario.path} from the prerender cache (${seen})`);
      cacheChecks.push({ name: `${scenario.name} served from the prerender cache`, ok, actual: seen });
    }

    warnIfBusy();
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
    const measured = await measureAll(targets, settings, (line) => console.log(`  ${line}`));
    const failures = [...measured]
      .filter(([, result]) => result.non2xx > 0 || result.errors > 0)
      .map(
        ([label, r]) =>
          `${label}: ${r.non2xx} non-2xx, ${r.errors} errors (status codes ${JSON.stringify(r.statusCodes)})`,
      );

    const measuredBaselines = Object.fromEntries(Object.keys(baselines).map((key) => [key, measured.get(key)]));
    const limit = measuredBaselines[LIMIT_BASELINE];

    // The chat on an instance of its own (a fresh one, with a fresh database), not on the one the
    // scenarios above have just filled with thousands of tickets and orders.
    console.log('\nChat fan-out');
    await app.stop();
    const chatApp = await startNext({
      label: 'app (chat)',
      dir: root,
      readyPath: '/api/health',
      viaStartScript: true,
      env: {
        AUTH_EMULATOR_PORT: String(await freePort()),
        PGLITE_DATA_DIR: join(dataDir, 'chat'),
        ...chatServerEnv(chat.subscribers),
      },
    });
    servers.chat = chatApp;
    const chatResult = await measureChatFanout(chatApp, chat, (line) => console.log(`  ${line}`));
    if (chatResult.stored < chatResult.posted)
      failures.push(
        `chat-fanout: only ${chatResult.stored} of ${chatResult.posted} posts answered 201 (${JSON.stringify(chatResult.post_statuses)})`,
      );
    await chatApp.stop();
    delete servers.chat;

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

    const scenarioResults = [];
    for (const { name, path, baseline } of scenarios) {
      const result = measured.get(name);
      const reference = measuredBaselines[baseline];
      scenarioResults.push({
        name,
        path,
        rps: result.rps,
        p50_ms: result.p50_ms,
        p99_ms: result.p99_ms,
        baseline,
        baseline_rps: reference.rps,
        baseline_p50_ms: reference.p50_ms,
        ratio: ratio(result.rps, reference.rps),
        limit_rps: limit.rps,
        ratio_limit: ratio(result.rps, limit.rps),
        rounds_rps: result.rounds_rps,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    }

    const bundleDetails = {};
    const bundleResults = {};
    for (const { page, appRoute, fixtureRoute, budgetBytes } of bundles) {
      const appJs = firstLoadJs(join(root, '.next'), appRoute);
      const fixtureJs = firstLoadJs(join(fixtureDir, '.next'), fixtureRoute);
      bundleDetails[page] = { app: appJs, fixture: fixtureJs };
      bundleResults[page] = {
        app_gzip_bytes: appJs.gzipBytes,
        fixture_gzip_bytes: fixtureJs.gzipBytes,
        delta_bytes: appJs.gzipBytes - fixtureJs.gzipBytes,
        budget_bytes: budgetBytes,
      };
    }

    const budgets = [
      ...scenarios
        .filter(({ minRatio }) => minRatio !== undefined)
        .map(({ name, baseline, minRatio }) => {
          const actual = scenarioResults.find((s) => s.name === name).ratio;
          const { rps, baseline_rps: reference } = scenarioResults.find((s) => s.name === name);
          return {
            name: `${name} rps >= ${minRatio}x ${baseline}`,
            ok: actual !== null && actual >= minRatio,
            actual,
            limit: minRatio,
            reference: `${rps} req/s against ${reference} req/s`,
          };
        }),
      ...scenarios
        .filter(({ maxP50Ratio }) => maxP50Ratio !== undefined)
        .map(({ name, baseline, maxP50Ratio }) => {
          const { p50_ms: p50, baseline_p50_ms: reference } = scenarioResults.find((s) => s.name === name);
          const actual = ratio(p50, reference);
          return {
            name: `${name} p50 <= ${maxP50Ratio}x ${baseline}'s`,
            ok: actual !== null && actual <= maxP50Ratio,
            actual,
            limit: maxP50Ratio,
            reference: `${p50} ms against ${reference} ms`,
          };
        }),
      ...Object.entries(bundleResults).map(([page, b]) => ({
        name: `first-load JS of ${page} within ${b.budget_bytes / 1024} KB gzip of the fixture`,
        ok: b.delta_bytes <= b.budget_bytes,
        actual: b.delta_bytes,
        limit: b.budget_bytes,
      })),
      ...cacheChecks,
      {
        name: `chat: p99 delivery <= ${chatBudgets.maxP99Ms} ms (${chat.subscribers} subscribers, ${chat.rate}/s)`,
        ok: chatResult.p99_ms !== null && chatResult.p99_ms <= chatBudgets.maxP99Ms,
        actual: chatResult.p99_ms,
        limit: chatBudgets.maxP99Ms,
      },
      { name: 'chat: no message lost', ok: chatResult.lost === 0, actual: chatResult.lost, limit: 0 },
      {
        name: 'chat: no message delivered twice',
        ok: chatResult.duplicated === 0,
        actual: chatResult.duplicated,
        limit: 0,
      },
      {
        name: `chat: server RSS <= ${chatBudgets.maxRssMb} MB`,
        ok: chatResult.rss_peak_mb <= chatBudgets.maxRssMb,
        actual: chatResult.rss_peak_mb,
        limit: chatBudgets.maxRssMb,
      },
      landingMemory.budget,
      ...conversations.budgets,
    ];

    const pick = ({ rps, p50_ms, p99_ms, rounds_rps }) => ({ rps, p50_ms, p99_ms, rounds_rps });
    const results = {
      scenarios: scenarioResults,
      baselines: Object.fromEntries(Object.entries(measuredBaselines).map(([key, value]) => [key, pick(value)])),
      bundles: bundleResults,
      chat: chatResult,
      conversations: conversations.result,
      landing_memory: landingMemory.result,
      budgets,
      machine: { ...machine(settings), host_speed: { start: speedAtStart, end: hostSpeed() } },
    };
    const resultsDir = join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    printResults(results, bundleDetails);
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
