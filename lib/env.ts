import { z } from 'zod';
import { booleanString, optional } from './env-fields';
import { operatorOf, sellerSettings, type Operator } from './env-seller';
import { stripePriceSettings, stripePricesOf, type StripePrices } from './env-stripe';

export type { Operator };

const schema = z.object({
  ...sellerSettings,
  ...stripePriceSettings,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port of the server (npm start); the default public origin names it. */
  PORT: optional(z.coerce.number().int().min(0).max(65_535)),
  /** Public origin of the site: canonical URLs, sitemaps, the URLs the server builds, same-origin checks. */
  SITE_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Reverse proxies in front that set X-Forwarded-For (0: none; their headers are then ignored). */
  TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)),
  /** Mark cookies `Secure`; defaults to true when SITE_URL is https. */
  COOKIE_SECURE: optional(booleanString),
  /** Interval in ms at which the browser asks for a new build id. */
  VERSION_POLL_INTERVAL_MS: optional(z.coerce.number().int().min(10_000).max(86_400_000)).transform(
    (v) => v ?? 5 * 60_000,
  ),
  /** Firebase project; a `demo-*` id (the default) can only ever reach the local emulator. */
  FIREBASE_PROJECT_ID: optional(z.string().regex(/^[a-z][a-z0-9-]{4,29}$/)),
  /** host:port of the Firebase Auth emulator; set by `npm start` and the tests in local mode. */
  FIREBASE_AUTH_EMULATOR_HOST: optional(z.string().regex(/^[\w.-]+:\d{2,5}$/)),
  /** Service account of a real project (with FIREBASE_PROJECT_ID); else application default credentials. */
  FIREBASE_CLIENT_EMAIL: optional(z.email()),
  FIREBASE_PRIVATE_KEY: optional(z.string().min(64)),
  /** Web API key and auth domain of a real project (public values, sent to the browser). */
  FIREBASE_API_KEY: optional(z.string().min(10)),
  FIREBASE_AUTH_DOMAIN: optional(z.string().min(3)),
  /** Offer "Continue with Google" (the provider is enabled in the project); default true. */
  FIREBASE_GOOGLE_SIGN_IN: optional(booleanString),
  /** Seals the session cookie; 32+ characters. Locally a random secret is kept under .data/. */
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /** The secret SESSION_SECRET replaced: what it sealed still opens, nothing new is sealed with it. */
  SESSION_SECRET_PREVIOUS: optional(z.string().min(32, 'must be at least 32 characters')),
  /** A PostgreSQL server (postgres://…); without it the app uses the embedded PGlite. */
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  /** Folder of the embedded PGlite database (default .data/pglite); `memory://` keeps it in memory. */
  PGLITE_DATA_DIR: optional(z.string().min(1)),
  /** PGlite's shared_buffers (PostgreSQL units, e.g. 16MB). */
  PGLITE_SHARED_BUFFERS: optional(z.string().regex(/^\d{1,5}(kB|MB|GB)$/)),
  /** `off`: PGlite's own unnamed statements instead of the app's named ones (server/private/pglite.mjs). */
  PGLITE_NAMED_STATEMENTS: optional(z.enum(['on', 'off'])),
  /** Stripe: a secret key switches the checkout from the local test checkout to Stripe Checkout. */
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
  ),
  /** Signs the webhook's events (whsec_…); without it a random secret: no event can be forged. */
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_[A-Za-z0-9+/=_-]{8,}$/, 'must be a webhook signing secret (whsec_…)'),
  ),
  /** Another Stripe API address (http(s)://host:port): the tests' local stand-in; never in production. */
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Tests only: a page request with the `x-test-fault` header fails its render (lib/errors/test-faults). */
  TEST_FAULTS: optional(booleanString),
  /** Live chat: ms between heartbeat comments on an open event stream. */
  CHAT_HEARTBEAT_MS: optional(z.coerce.number().int().min(100).max(120_000)),
  /** On SIGTERM: ms the requests in flight may take before the server stops anyway. */
  DRAIN_TIMEOUT_MS: optional(z.coerce.number().int().min(1_000).max(600_000)),
  /** Live chat: open event streams allowed per client address. */
  CHAT_STREAMS_PER_IP: optional(z.coerce.number().int().min(1).max(100_000)),
  /** Live chat: messages one poster may send per window (CHAT_POST_WINDOW_MS). */
  CHAT_POSTS_PER_WINDOW: optional(z.coerce.number().int().min(1).max(100_000)),
  CHAT_POST_WINDOW_MS: optional(z.coerce.number().int().min(1_000).max(3_600_000)),
  /** Widget visitors: new visitors (tokens) one client address may start per hour. */
  CHAT_VISITORS_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)),
  /** Plauder's own widget on the storefront (seeded at start, answered by support staff); `off`: none. */
  SUPPORT_WIDGET_ID: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  /** Outgoing mail (smtp:// or smtps://user:password@host:port); without it local mode keeps mail in /mailbox. */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  /** The sender of every e-mail, e.g. `Plauder <support@example.com>`. */
  MAIL_FROM: optional(z.string().min(3).max(200)),
});

export type Env = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  siteUrl: string;
  /** How many reverse proxies in front set X-Forwarded-For (0: the client's own headers are ignored). */
  trustProxy: number;
  cookieSecure: boolean;
  versionPollIntervalMs: number;
  firebase: Readonly<{
    projectId: string;
    /** `emulator` for a demo project (local mode), `project` for a real Firebase project. */
    mode: 'emulator' | 'project';
    emulatorHost: string | null;
    apiKey: string;
    authDomain: string;
    /** "Continue with Google": the project's popup, or locally the emulator's own test accounts. */
    googleSignIn: boolean;
    serviceAccount: { clientEmail: string; privateKey: string } | null;
  }>;
  sessionSecret: string | null;
  sessionSecretPrevious: string | null;
  database: Readonly<{ kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }>;
  pgliteSharedBuffers: string;
  /** Drizzle's statements as PGlite's named statements (lib/db/pglite.ts); else through its public `query`. */
  pgliteNamedStatements: boolean;
  stripe: Readonly<{
    secretKey: string | null;
    webhookSecret: string | null;
    api: { host: string; port: number; protocol: 'http' | 'https' } | null;
    /** The subscription plans' prices (STRIPE_PRICE_*), null when none is configured. */
    prices: StripePrices | null;
  }>;
  /** Renders fail on request (the `x-test-fault` header), to test the error pages; local mode only. */
  testFaults: boolean;
  /** How long a stopping server lets its requests in flight finish (server/drain.mjs). */
  drainTimeoutMs: number;
  chat: Readonly<{
    heartbeatMs: number;
    streamsPerIp: number;
    postsPerWindow: number;
    postWindowMs: number;
    visitorsPerHour: number;
  }>;
  /** The storefront's own widget id, or null. */
  supportWidgetId: string | null;
  /** `smtp`: sent through SMTP_URL; `mailbox`: kept for /mailbox (local mode); `none`: not sent (logged). */
  mail: Readonly<{ transport: 'smtp' | 'mailbox' | 'none'; smtpUrl: string | null; from: string }>;
  operator: Operator;
}>;

export const DEMO_PROJECT_ID = 'demo-plauder';

function stripeApi(url: string) {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: parsed.hostname, port: Number(parsed.port) || (protocol === 'http' ? 80 : 443), protocol };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const value = result.data;
  const projectId = value.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  const mode = projectId.startsWith('demo-') ? 'emulator' : 'project';
  // Emulator tokens are unsigned: a real project must never accept them.
  if (mode === 'project' && value.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'Invalid environment configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set for a real Firebase project',
    );
  }
  if (mode === 'project' && !value.SESSION_SECRET) {
    throw new Error('Invalid environment configuration:\n  SESSION_SECRET: required with a real Firebase project');
  }
  const previous = value.SESSION_SECRET_PREVIOUS;
  if (previous && (!value.SESSION_SECRET || previous === value.SESSION_SECRET)) {
    throw new Error(
      'Invalid environment configuration:\n  SESSION_SECRET_PREVIOUS: needs a SESSION_SECRET that differs from it',
    );
  }
  if (mode === 'project' && (!value.FIREBASE_API_KEY || !value.FIREBASE_AUTH_DOMAIN)) {
    throw new Error(
      'Invalid environment configuration:\n  FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN: required with a real Firebase project',
    );
  }
  // A request must never be able to break a real site's pages.
  if (mode === 'project' && value.TEST_FAULTS) {
    throw new Error('Invalid environment configuration:\n  TEST_FAULTS: must not be set for a real Firebase project');
  }
  if (!!value.FIREBASE_CLIENT_EMAIL !== !!value.FIREBASE_PRIVATE_KEY) {
    throw new Error(
      'Invalid environment configuration:\n  FIREBASE_CLIENT_EMAIL, FIREBASE_PRIVATE_KEY: set both or neither',
    );
  }
  // Without a configured origin the site is where npm start serves it.
  const siteUrl = (value.SITE_URL ?? `http://localhost:${value.PORT || 3000}`).replace(/\/+$/, '');
  return Object.freeze({
    nodeEnv: value.NODE_ENV,
    siteUrl,
    trustProxy: value.TRUST_PROXY ?? 0,
    cookieSecure: value.COOKIE_SECURE ?? siteUrl.startsWith('https:'),
    versionPollIntervalMs: value.VERSION_POLL_INTERVAL_MS,
    firebase: Object.freeze({
      projectId,
      mode,
      emulatorHost: value.FIREBASE_AUTH_EMULATOR_HOST ?? null,
      // The emulator accepts any API key.
      apiKey: value.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: value.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      googleSignIn: value.FIREBASE_GOOGLE_SIGN_IN ?? true,
      serviceAccount:
        value.FIREBASE_CLIENT_EMAIL && value.FIREBASE_PRIVATE_KEY
          ? { clientEmail: value.FIREBASE_CLIENT_EMAIL, privateKey: value.FIREBASE_PRIVATE_KEY.replace(/\\n/g, '\n') }
          : null,
    }),
    sessionSecret: value.SESSION_SECRET ?? null,
    sessionSecretPrevious: value.SESSION_SECRET_PREVIOUS ?? null,
    database: Object.freeze(
      value.DATABASE_URL
        ? { kind: 'postgres' as const, url: value.DATABASE_URL }
        : { kind: 'pglite' as const, dataDir: value.PGLITE_DATA_DIR ?? '.data/pglite' },
    ),
    pgliteSharedBuffers: value.PGLITE_SHARED_BUFFERS ?? '16MB',
    pgliteNamedStatements: value.PGLITE_NAMED_STATEMENTS !== 'off',
    stripe: Object.freeze({
      secretKey: value.STRIPE_SECRET_KEY ?? null,
      webhookSecret: value.STRIPE_WEBHOOK_SECRET ?? null,
      api: value.STRIPE_API_URL ? stripeApi(value.STRIPE_API_URL) : null,
      prices: stripePricesOf(value),
    }),
    testFaults: value.TEST_FAULTS ?? false,
    drainTimeoutMs: value.DRAIN_TIMEOUT_MS ?? 10_000,
    chat: Object.freeze({
      heartbeatMs: value.CHAT_HEARTBEAT_MS ?? 15_000,
      streamsPerIp: value.CHAT_STREAMS_PER_IP ?? 20,
      postsPerWindow: value.CHAT_POSTS_PER_WINDOW ?? 5,
      postWindowMs: value.CHAT_POST_WINDOW_MS ?? 10_000,
      visitorsPerHour: value.CHAT_VISITORS_PER_HOUR ?? 60,
    }),
    supportWidgetId: value.SUPPORT_WIDGET_ID === 'off' ? null : (value.SUPPORT_WIDGET_ID ?? 'plauder-support'),
    mail: Object.freeze({
      transport: value.SMTP_URL ? ('smtp' as const) : mode === 'emulator' ? ('mailbox' as const) : ('none' as const),
      smtpUrl: value.SMTP_URL ?? null,
      from: value.MAIL_FROM ?? `Plauder <no-reply@${new URL(siteUrl).hostname}>`,
    }),
    operator: operatorOf(value, mode),
  });
}

export const env: Env = parseEnv(process.env);
