import 'server-only';
import { catalogue } from '@/lib/shop/catalogue';
import { routeRules } from '@/lib/route-rules.config';
import { locales } from '@/lib/i18n/routing';
import { env } from '@/lib/env';
import { sql } from 'drizzle-orm';
import { database, databaseKind } from '@/lib/db';

export type ComponentStatus = 'ok' | 'degraded' | 'down';
/** What a check found, as a message of `Test.health.details` with its values (the page translates it). */
export type HealthDetail = {
  key:
    | 'node'
    | 'locales'
    | 'rules'
    | 'firebaseProject'
    | 'emulatorMissing'
    | 'emulator'
    | 'pglite'
    | 'postgres'
    | 'products'
    | 'timedOut'
    | 'failed';
  values?: Record<string, string | number>;
};
export type ComponentHealth = { status: ComponentStatus; detail: HealthDetail; latencyMs: number };
export type HealthReport = {
  status: ComponentStatus;
  buildId: string;
  uptimeSeconds: number;
  components: Record<string, ComponentHealth>;
};

type Check = () => Promise<{ status?: ComponentStatus; detail: HealthDetail }>;

const CHECK_TIMEOUT_MS = 2000;

/** Each component of the app and how to tell that it works. Later components add their check here. */
const checks: Record<string, Check> = {
  app: async () => ({ detail: { key: 'node', values: { version: process.version } } }),
  i18n: async () => {
    const loaded = await Promise.all(
      locales.map(async (locale) => (await import(`../messages/${locale}.json`)).default),
    );
    const sizes = loaded.map((messages) => JSON.stringify(messages).length);
    return {
      detail: { key: 'locales', values: { locales: locales.join(', ') } },
      status: sizes.every((size) => size > 2) ? 'ok' : 'down',
    };
  },
  routeRules: async () => ({ detail: { key: 'rules', values: { count: routeRules.length } } }),
  identity: async () => {
    const { mode, emulatorHost, projectId } = env.firebase;
    if (mode === 'project') return { detail: { key: 'firebaseProject', values: { project: projectId } } };
    if (!emulatorHost) return { status: 'down', detail: { key: 'emulatorMissing' } };
    const response = await fetch(`http://${emulatorHost}/`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return { status: response.ok ? 'ok' : 'down', detail: { key: 'emulator' } };
  },
  database: async () => {
    await (await database()).execute(sql`select 1`);
    return { detail: { key: (await databaseKind()) === 'pglite' ? 'pglite' : 'postgres' } };
  },
  catalogue: async () => {
    const active = catalogue.filter((product) => product.active).length;
    return { detail: { key: 'products', values: { count: active } }, status: active > 0 ? 'ok' : 'degraded' };
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
    const detail: HealthDetail = {
      key: error instanceof Error && error.message === 'timed out' ? 'timedOut' : 'failed',
    };
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
