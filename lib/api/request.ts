import type { ZodType } from 'zod';
import { env } from '@/lib/env';
import { ApiError } from './errors';

/**
 * Mutations are accepted only from pages of this site: the Origin header must be this server's own
 * origin or the configured site URL. A missing Origin is refused as well.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const allowed = new Set([new URL(request.url).origin, new URL(env.siteUrl).origin]);
  if (!origin || !allowed.has(origin)) throw new ApiError('forbiddenOrigin');
}

/** The JSON body, at most `limit` bytes, parsed by `schema`; 413 / 400 otherwise. */
export async function readJson<T>(request: Request, schema: ZodType<T>, limit = 16 * 1024): Promise<T> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limit) throw new ApiError('payloadTooLarge');
  const text = await request.text();
  if (new TextEncoder().encode(text).length > limit) throw new ApiError('payloadTooLarge');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError('invalidJson');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || '_', issue.code]));
    throw new ApiError('invalidBody', fields);
  }
  return parsed.data;
}
