// The measurements that each run on a fresh instance of the app with a fresh database of its own, not on
// the one the HTTP scenarios have just filled with thousands of tickets and orders. Each answers its
// result and its budgets; `servers` holds the instance while it runs, so the runner can stop it on failure.
import { join } from 'node:path';
import { freePort } from '../../scripts/auth-emulator.mjs';
import { chatBudgets, conversationBudgets, landingBudgets } from '../scenarios.mjs';
import { chatServerEnv, measureChatFanout } from './chat-fanout.mjs';
import { conversationServerEnv, conversationSettings, measureConversations } from './conversations-load.mjs';
import { landingSettings, measureLandingMemory } from './landing-memory.mjs';
import { root, startBareConversations, startNext } from './servers.mjs';
import { signedInSession } from './session.mjs';

const log = (line) => console.log(`  ${line}`);

/** The app as `npm start` runs it, ready once its health check answers. */
export const startApp = (label, env) =>
  startNext({ label, dir: root, readyPath: '/api/health', viaStartScript: true, env });

/** The live chat: `chat.subscribers` event streams of the lobby while guests post (bench/lib/chat-fanout.mjs). */
export async function benchChat(dataDir, servers, chat) {
  const app = await startApp('app (chat)', {
    AUTH_EMULATOR_PORT: String(await freePort()),
    PGLITE_DATA_DIR: join(dataDir, 'chat'),
    ...chatServerEnv(chat.subscribers),
  });
  servers.chat = app;
  const result = await measureChatFanout(app, chat, log);
  const budgets = [
    {
      name: `chat: p99 delivery <= ${chatBudgets.maxP99Ms} ms (${chat.subscribers} subscribers, ${chat.rate}/s)`,
      ok: result.p99_ms !== null && result.p99_ms <= chatBudgets.maxP99Ms,
      actual: result.p99_ms,
      limit: chatBudgets.maxP99Ms,
    },
    { name: 'chat: no message lost', ok: result.lost === 0, actual: result.lost, limit: 0 },
    {
      name: 'chat: no message delivered twice',
      ok: result.duplicated === 0,
      actual: result.duplicated,
      limit: 0,
    },
    {
      name: `chat: server RSS <= ${chatBudgets.maxRssMb} MB`,
      ok: result.rss_peak_mb <= chatBudgets.maxRssMb,
      actual: result.rss_peak_mb,
      limit: chatBudgets.maxRssMb,
    },
  ];
  await app.stop();
  delete servers.chat;
  return { result, budgets };
}

/**
 * The conversations: V visitors in V conversations and O inbox streams of one account answering them
 * (bench/lib/conversations-load.mjs).
 */
export async function benchConversations(dataDir, servers) {
  const settings = conversationSettings();
  log('the bare reference first (bench/lib/bare-conversations.mjs)');
  const bareServer = (servers.bareConversations = await startBareConversations());
  const bare = await measureConversations(bareServer, { headers: {} }, settings, log);
  await bareServer.stop();
  delete servers.bareConversations;
  const emulatorPort = await freePort();
  const app = await startApp('app (conversations)', {
    AUTH_EMULATOR_PORT: String(emulatorPort),
    PGLITE_DATA_DIR: join(dataDir, 'conversations'),
    ...conversationServerEnv(settings.visitors),
  });
  servers.conversations = app;
  const session = await signedInSession(app.origin, `127.0.0.1:${emulatorPort}`);
  const result = await measureConversations(app, session, settings, log);
  // What the server said while streams ended under the bench or messages went missing.
  if (['visitor', 'inbox'].some((side) => result[side].lost > 0 || result[side].reconnects > 0))
    console.log(`  the server's last output:\n${app.log()}`);
  const { maxP99Ms } = conversationBudgets;
  const maxRssMb = conversationBudgets.maxRssMb(settings.visitors);
  const budgets = [
    ...['visitor', 'inbox'].flatMap((side) => [
      {
        name: `conversations: p99 delivery to the ${side} <= ${maxP99Ms} ms (${settings.visitors} visitors, ${settings.operators} inboxes)`,
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
  const { cpu_cores, visitor, inbox, rss_peak_mb } = bare;
  return { result: { ...result, bare: { cpu_cores, visitor, inbox, rss_peak_mb } }, budgets };
}

/** The landing pages under load: the instance's RSS against its budget. */
export async function benchLandingMemory(dataDir, servers) {
  const app = await startApp('app (landing memory)', {
    AUTH_EMULATOR_PORT: String(await freePort()),
    PGLITE_DATA_DIR: join(dataDir, 'landing'),
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
