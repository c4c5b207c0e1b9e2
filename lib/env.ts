import { z } from 'zod';

// Empty strings count as missing, so `FOO=` in an env file falls back to the default.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Public origin of the site, used for canonical URLs, sitemaps and same-origin checks. */
  SITE_URL: optional(z.url({ protocol: /^https?$/ })).transform((v) => (v ?? 'http://localhost:3000').replace(/\/+$/, '')),
  /** Mark cookies `Secure`; defaults to true when SITE_URL is https. */
  COOKIE_SECURE: optional(booleanString),
  /** Interval in ms at which the browser asks for a new build id. */
  VERSION_POLL_INTERVAL_MS: optional(z.coerce.number().int().min(10_000).max(86_400_000)).transform(
    (v) => v ?? 5 * 60_000,
  ),
});

export type Env = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  siteUrl: string;
  cookieSecure: boolean;
  versionPollIntervalMs: number;
}>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const value = result.data;
  return Object.freeze({
    nodeEnv: value.NODE_ENV,
    siteUrl: value.SITE_URL,
    cookieSecure: value.COOKIE_SECURE ?? value.SITE_URL.startsWith('https:'),
    versionPollIntervalMs: value.VERSION_POLL_INTERVAL_MS,
  });
}

export const env: Env = parseEnv(process.env);
