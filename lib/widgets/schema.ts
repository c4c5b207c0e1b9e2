import { z } from 'zod';
import { idempotencyKey, singleLineText } from '@/lib/api/schemas';

export const WIDGET_NAME_MAX = 60;
export const WIDGET_GREETING_MAX = 200;
export const WIDGET_ORIGINS_MAX = 20;
/** Widgets of an account without a paid plan. */
export const FREE_WIDGET_LIMIT = 1;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * `https://host[:port]` as an origin (lower case, default port dropped), or null. `http://` only for
 * localhost (testing). No path (a single `/` is tolerated), query, fragment, credentials or wildcards:
 * the result goes into a CSP `frame-ancestors` list as it is.
 */
export function normalizeOrigin(input: string): string | null {
  const value = input.trim();
  const match = /^(https?):\/\/([^/?#]+)\/?$/i.exec(value);
  if (!match) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const hostname = url.hostname;
  if (url.protocol === 'http:' && hostname !== 'localhost') return null;
  if (!HOSTNAME.test(hostname)) return null;
  return url.origin;
}

const origin = z
  .string()
  .max(300)
  .transform((value, context) => {
    const normalized = normalizeOrigin(value);
    if (!normalized) {
      context.addIssue({ code: 'custom', message: 'invalid origin' });
      return z.NEVER;
    }
    return normalized;
  });

export const widgetFields = {
  name: singleLineText(1, WIDGET_NAME_MAX),
  allowedOrigins: z
    .array(origin)
    .max(WIDGET_ORIGINS_MAX)
    .transform((origins) => [...new Set(origins)]),
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .transform((value) => value.toLowerCase()),
  greeting: singleLineText(0, WIDGET_GREETING_MAX),
  locale: z.enum(['en', 'de']),
};

export const createWidgetSchema = z.object({ ...widgetFields, greeting: widgetFields.greeting.default(''), requestKey: idempotencyKey.optional() });
export const updateWidgetSchema = z.object(widgetFields).partial();

export type CreateWidgetInput = z.infer<typeof createWidgetSchema>;
export type UpdateWidgetInput = z.infer<typeof updateWidgetSchema>;
