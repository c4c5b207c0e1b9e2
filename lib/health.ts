import 'server-only';
import { catalogue } from '@/lib/shop/catalogue';
import { routeRules } from '@/lib/route-rules.config';
import { locales } from '@/lib/i18n/routing';
import { env } from '@/lib/env';
import { sql } from 'drizzle-orm';
import { database, databaseKind } from '@/lib/db';

export type ComponentStatus = 'ok' | 'degraded' | 'down';
export type ComponentHealth = { status: ComponentStatus; detail: string; latencyMs: number };
export type HealthReport = {
  status: ComponentStatus;
  buildId: string;
  uptimeSeconds: number;
  components: Record<string, ComponentHealth>;
};

type Check = () => Promise<{ status?: ComponentStatus; detail: string }>;

const CHECK_TIMEOUT_MS = 2000;

/** Each component of the app and how to tell that it works. Later components add their check here. */
const checks: Record<string, Check> = {
  app: async () => ({ detail: `node ${process.version}` }),
  i18n: async () => {
    const loaded = await Promise.all(locales.map(async (locale) => (await import(`../messages/${locale}.json`)).default));
    const sizes = loaded.map((messages) => JSON.stringify(messages).length);
    return { detail: `${locales.join(', ')}`, status: sizes.every((size) => size > 2) ? 'ok' : 'down' };
  },
  routeRules: async () => ({ detail: `${routeRules.length} rules` }),
  identity: async () => {
    const { mode, emulatorHost, projectId } = env.firebase;
    if (mode === 'project') return { detail: `Firebase project ${projectId}` };
    if (!emulatorHost) return { status: 'down', detail: 'emulator not configured' };
    const response = await fetch(`http://${emulatorHost}/`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return { status: response.ok ? 'ok' : 'down', detail: 'Firebase Auth emulator' };
  },
  database: async () => {
    await (await database()).execute(sql`select 1`);
    return { detail: (await databaseKind()) === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL' };
  },
  catalogue: async () => {
    const active = catalogue.filter((product) => product.active).length;
    return { detail: `${active} active products`, status: active > 0 ? 'ok' : 'degraded' };
  },
};

async function run(check: Check): Promise<ComponentHealth> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    });
    const result = await Promise.race([check(), timeout]);
    return { status: result.status ?? 'ok', detail: result.detail, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const detail = error instanceof Error && error.message === 'timed out' ? 'timed out' : 'failed';
    return { status: 'down', detail, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

const rank: Record<ComponentStatus, number> = { ok: 0, degraded: 1, down: 2 };

export async function checkHealth(): Promise<HealthReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => run(checks[name])));
  const components = Object.fromEntries(names.map((name, i) => [name, results[i]]));
  const status = results.reduce<ComponentStatus>((worst, r) => (rank[r.status] > rank[worst] ? r.status : worst), 'ok');
  return {
    status,
    buildId: process.env.NEXT_PUBLIC_BUILD_ID ?? 'development',
    uptimeSeconds: Math.round(process.uptime()),
    components,
  };
}
