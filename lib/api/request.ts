import type { ZodType } from 'zod';
import { env } from '@/lib/env';
import { ApiError } from './errors';
import { fieldIssues } from './fields';
import { idempotencyKey } from './schemas';
import { readLimitedBody } from './body';

/**
 * Mutations are accepted only from pages of this site: the Origin header must be the configured site
 * URL or the host the browser addressed (the Host header; Next rewrites 127.0.0.1 to localhost in
 * `request.url`). A missing Origin is refused as well. A cross-site page cannot choose either header.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const allowed = new Set([new URL(env.siteUrl).origin, new URL(request.url).origin, requestOrigin(request)]);
  if (!origin || !allowed.has(origin)) throw new ApiError('forbiddenOrigin');
}

/** The origin the browser addressed (forwarded by a proxy, else the Host header). */
export function requestOrigin(request: Request): string {
  return headersOrigin(request.headers, request.url);
}

/** The origin the browser addressed, from a request's headers (`fallback`: a URL for when they name none). */
export function headersOrigin(headers: Pick<Headers, 'get'>, fallback: string): string {
  const url = new URL(fallback);
  const protocol = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  return host ? `${protocol}://${host}` : url.origin;
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
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError('invalidBody', fieldIssues(parsed.error));
  return parsed.data;
}

/** The client's `Idempotency-Key` header (letters, digits, `_` and `-`, 8–100), or undefined; 400 when malformed. */
export function idempotencyHeader(request: Request): string | undefined {
  const value = request.headers.get('idempotency-key');
  if (value === null) return undefined;
  if (!idempotencyKey.safeParse(value).success) throw new ApiError('invalidBody', { 'Idempotency-Key': { code: 'invalid' } });
  return value;
}
