import { z } from 'zod';
import { idempotencyKey, plainText, singleLineText } from '@/lib/api/schemas';
import { fieldCheck, type FieldIssueCode } from '@/lib/api/fields';
import {
  LAUNCHER_POSITIONS,
  PRE_CHAT_MODES,
  VISITORS_PER_HOUR_MAX,
  ASSIGN_CAPACITY_MAX,
  WEEKDAYS,
  WIDGET_THEMES,
  type BusinessHours,
} from '@/lib/db/schema/widget-settings';

export const WIDGET_NAME_MAX = 60;
export const WIDGET_GREETING_MAX = 200;
export const WIDGET_ORIGINS_MAX = 20;
export const WIDGET_AWAY_MAX = 300;
export const WIDGET_PRE_CHAT_NOTE_MAX = 300;
export const PRIVACY_URL_MAX = 500;
export const RETENTION_DAYS_MAX = 3650;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** Hosts of this computer, which a browser reaches over http only from itself (testing). */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3})$/;
/** A value written without its scheme: `shop.example.com`, `localhost:3000`, `shop.example.com/help`. */
const WITHOUT_SCHEME = /^[a-z0-9.-]+(?::\d+)?(?:[/?#].*)?$/i;

/** Why a value is no allowed origin; each names its sentence among the API's field messages (Api.fields). */
export type OriginProblem = Extract<
  FieldIssueCode,
  | 'originWildcard'
  | 'originNoScheme'
  | 'originScheme'
  | 'originNotUrl'
  | 'originPath'
  | 'originCredentials'
  | 'originIpv6'
  | 'originHost'
  | 'originHttp'
>;

/**
 * `https://host[:port]` as an origin (lower case, default port dropped), or why it cannot be one.
 * `http://` only for this computer (localhost, 127.x.x.x: testing). No path (a single `/` is tolerated),
 * query, fragment, credentials or wildcards: the result goes into a CSP `frame-ancestors` list as it is,
 * whose host grammar has no IPv6 literals (Chromium drops `http://[::1]:8000` from the list).
 */
export function checkOrigin(input: string): { origin: string } | { problem: OriginProblem } {
  const value = input.trim();
  if (value.includes('*')) return { problem: 'originWildcard' };
  if (WITHOUT_SCHEME.test(value)) return { problem: 'originNoScheme' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1].toLowerCase();
  if (!scheme) return { problem: 'originNotUrl' };
  if (scheme !== 'https' && scheme !== 'http') return { problem: 'originScheme' };
  const parts = /^https?:\/\/([^/?#]*)(.*)$/i.exec(value);
  if (!parts || !parts[1]) return { problem: 'originNotUrl' };
  if (parts[2] !== '' && parts[2] !== '/') return { problem: 'originPath' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'originHost' };
  }
  if (url.username || url.password) return { problem: 'originCredentials' };
  if (url.hostname.startsWith('[')) return { problem: 'originIpv6' };
  if (!HOSTNAME.test(url.hostname)) return { problem: 'originHost' };
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) return { problem: 'originHttp' };
  return { origin: url.origin };
}

/**
 * A page's address a visitor may follow from the widget (the owner's privacy policy): https, or http on this
 * computer (testing), a valid host name, no credentials; as the URL parser writes it.
 */
export function checkPageUrl(input: string): string | null {
  const value = input.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.username || url.password || !HOSTNAME.test(url.hostname)) return null;
    if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** `checkOrigin`'s origin, or null. */
export function normalizeOrigin(input: string): string | null {
  const checked = checkOrigin(input);
  return 'origin' in checked ? checked.origin : null;
}

const origin = z
  .string()
  .max(300)
  .transform((value, context) => {
    const checked = checkOrigin(value);
    if ('origin' in checked) return checked.origin;
    context.addIssue({ code: 'custom', message: checked.problem, ...fieldCheck(checked.problem) });
    return z.NEVER;
  });

/** A time zone the runtime knows (IANA name). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const openingHours = z
  .object({ from: clock, to: clock })
  .refine((hours) => hours.from < hours.to, { message: 'closes before it opens', path: ['to'] });

/** A weekly schedule: a time zone and the opening hours of the open days (none: closed that day). */
export const businessHoursSchema: z.ZodType<BusinessHours> = z.object({
  timeZone: z.string().max(64).refine(isTimeZone),
  days: z.partialRecord(z.enum(WEEKDAYS), openingHours),
});

const greeting = singleLineText(0, WIDGET_GREETING_MAX);
const awayMessage = plainText(0, WIDGET_AWAY_MAX);
const preChatNote = plainText(0, WIDGET_PRE_CHAT_NOTE_MAX);
/** The owner's texts in one language; an empty or missing text falls back to the widget's own. */
const textsSchema = z.object({
  greeting: greeting.optional(),
  awayMessage: awayMessage.optional(),
  preChatNote: preChatNote.optional(),
});
const privacyPolicyUrl = z
  .string()
  .max(PRIVACY_URL_MAX)
  .transform((value, context) => {
    const url = checkPageUrl(value);
    if (url) return url;
    context.addIssue({ code: 'custom', message: 'httpsUrl', ...fieldCheck('httpsUrl') });
    return z.NEVER;
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
  greeting,
  locale: z.enum(['en', 'de']),
  followPageLanguage: z.boolean(),
  launcherPosition: z.enum(LAUNCHER_POSITIONS),
  preChat: z.enum(PRE_CHAT_MODES),
  awayMessage,
  preChatNote,
  /** Null: no consent line. */
  privacyPolicyUrl: privacyPolicyUrl.nullable(),
  theme: z.enum(WIDGET_THEMES),
  /** The texts for visitors in the widget's other language (those of its own `locale` are the fields above). */
  translations: z.object({ en: textsSchema.optional(), de: textsSchema.optional() }),
  businessHours: businessHoursSchema.nullable(),
  retentionDays: z.number().int().min(1).max(RETENTION_DAYS_MAX).nullable(),
  /** Null: the service's default (CHAT_VISITORS_PER_HOUR). */
  visitorsPerHour: z.number().int().min(1).max(VISITORS_PER_HOUR_MAX).nullable(),
  /** New conversations go to the available operator with the fewest open ones, up to the capacity each. */
  autoAssign: z.boolean(),
  assignCapacity: z.number().int().min(1).max(ASSIGN_CAPACITY_MAX),
  askRating: z.boolean(),
};

/** A new widget: the settings the form leaves out get their defaults. */
export const createWidgetSchema = z.object({
  ...widgetFields,
  greeting: widgetFields.greeting.default(''),
  followPageLanguage: widgetFields.followPageLanguage.default(true),
  launcherPosition: widgetFields.launcherPosition.default('right'),
  preChat: widgetFields.preChat.default('off'),
  awayMessage: widgetFields.awayMessage.default(''),
  preChatNote: widgetFields.preChatNote.default(''),
  privacyPolicyUrl: widgetFields.privacyPolicyUrl.default(null),
  theme: widgetFields.theme.default('auto'),
  translations: widgetFields.translations.default({}),
  businessHours: widgetFields.businessHours.default(null),
  retentionDays: widgetFields.retentionDays.default(null),
  visitorsPerHour: widgetFields.visitorsPerHour.default(null),
  autoAssign: widgetFields.autoAssign.default(false),
  assignCapacity: widgetFields.assignCapacity.default(5),
  askRating: widgetFields.askRating.default(true),
  requestKey: idempotencyKey.optional(),
});
/** PATCH /api/widgets/:id: any of the settings, and `active` to deactivate the widget or activate it again. */
export const updateWidgetSchema = z.object(widgetFields).partial().extend({ active: z.boolean().optional() });

export type CreateWidgetInput = z.infer<typeof createWidgetSchema>;
export type UpdateWidgetInput = z.infer<typeof updateWidgetSchema>;
