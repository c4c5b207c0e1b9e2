import type { ZodType } from 'zod';
import { env } from '@/lib/env';
import { ApiError } from './errors';
import { fieldIssues } from './fields';
import { idempotencyKey } from './schemas';
import { readLimitedBody } from './body';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origins a page of this site has: the configured public origin (SITE_URL), and where that is a
 * loopback address (local mode), the other names of the loopback interface at the same port.
 */
function siteOrigins(): Set<string> {
  const site = new URL(env.siteUrl);
  if (!LOOPBACK.has(site.hostname)) return new Set([site.origin]);
  return new Set([...LOOPBACK].map((host) => `${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`));
}

/**
 * Mutations are accepted only from pages of this site: the Origin header must be the configured public
 * origin. A missing Origin is refused as well. Neither Host nor X-Forwarded-Host counts: whoever talks
 * to the server directly chooses them.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (!origin || !siteOrigins().has(origin)) throw new ApiError('forbiddenOrigin');
}

/**
 * The client's address: X-Forwarded-For as the server hands it to the app. Without a trusted proxy
 * (TRUST_PROXY=0) npm start's server drops what the client sent, so Next names the socket's address;
 * behind N trusted proxies the address the outermost one saw is N-th from the end.
 */
export function clientAddress(request: Pick<Request, 'headers'>): string {
  const entries =
    request.headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((entry) => entry.trim()) ?? [];
  return entries.at(-Math.max(1, env.trustProxy)) ?? entries[0] ?? 'unknown';
}

/** The JSON body, at most `limit` bytes, parsed by `schema`; 413 / 400 otherwise. */
export async function readJson<T>(request: Request, schema: ZodType<T>, limit = 16 * 1024): Promise<T> {
  const body = await readLimitedBody(request, limit);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new ApiError('invalidJson');
  }
  return validate(schema, data);
}

/** `data` parsed by `schema`, or a 400 naming each invalid field. */
export function validate<T>(schema: ZodType<T>, data: unknown): T {
  // With the input in each issue, a value of the wrong type reads "invalid", not "required" (lib/api/fields).
  const parsed = schema.safeParse(data, { reportInput: true });
  if (!parsed.success) throw new ApiError('invalidBody', fieldIssues(parsed.error));
  return parsed.data;
}

/** The client's `Idempotency-Key` header (letters, digits, `_` and `-`, 8–100), or undefined; 400 when malformed. */
export function idempotencyHeader(request: Request): string | undefined {
  const value = request.headers.get('idempotency-key');
  if (value === null) return undefined;
  if (!idempotencyKey.safeParse(value).success)
    throw new ApiError('invalidBody', { 'Idempotency-Key': { code: 'invalid' } });
  return value;
}
