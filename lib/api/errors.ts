import { createTranslator } from 'next-intl';
import { loadMessages } from '@/lib/i18n/messages';
import { requestLocale } from '@/lib/i18n/negotiate';
import { describeDatabaseError, isDatabaseUnavailable } from '@/lib/db/errors';
import { markDatabaseDown } from '@/lib/db/availability';
import { withRequestBudget } from '@/lib/db/budget';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/errors/message-page';
import type { FieldIssue } from './fields';

/** The error codes of the JSON API, with their HTTP status; the texts live in messages (Api.errors). */
export const API_ERRORS = {
  forbiddenOrigin: 403,
  invalidJson: 400,
  invalidBody: 400,
  invalidCursor: 400,
  payloadTooLarge: 413,
  photoTooLarge: 413,
  unsupportedMediaType: 415,
  invalidToken: 401,
  invalidVisitorToken: 401,
  identityUnverified: 403,
  identityExpired: 403,
  tooManyAttributes: 400,
  unauthenticated: 401,
  requiresRecentLogin: 401,
  userDisabled: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  ticketClosed: 409,
  planLimit: 402,
  workspaceReadOnly: 402,
  billingOwnerOnly: 403,
  subscriptionExists: 409,
  billingDetailsMissing: 409,
  noSubscription: 409,
  subscriptionOverdue: 409,
  withdrawalConsentRequired: 422,
  withdrawalPeriodOver: 409,
  withdrawalNotConsumer: 409,
  conversationClosed: 409,
  alreadyAssigned: 409,
  replyTitleTaken: 409,
  notMember: 400,
  labelExists: 409,
  unknownLabel: 400,
  snoozeOutOfRange: 400,
  visitorBlocked: 403,
  tooManyConversations: 409,
  alreadyRated: 409,
  ratingNotClosed: 409,
  ratingOff: 409,
  productUnavailable: 400,
  planIsSubscription: 409,
  noStripeCustomer: 409,
  cardDeclined: 402,
  expiredCard: 402,
  incorrectCvc: 402,
  checkoutClosed: 409,
  checkoutCancelled: 409,
  checkoutInProgress: 409,
  idempotencyKeyReused: 422,
  invalidSignature: 400,
  paymentUnavailable: 503,
  rateLimited: 429,
  tooManyStreams: 429,
  tooManyVisitors: 429,
  tooManyTranscripts: 429,
  tooManyPhotoChanges: 429,
  transcriptLinkInvalid: 404,
  muted: 403,
  ownerMustTransfer: 409,
  personalWorkspace: 409,
  supportWorkspace: 409,
  invitationInvalid: 404,
  invitationUsed: 410,
  invitationExpired: 410,
  invitationWrongAddress: 403,
  invitationUnverified: 403,
  muteUnavailable: 409,
  unavailable: 503,
  internal: 500,
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The body of every error answer of the JSON API (the browser reads it with lib/client/api-error.ts). */
export type ApiErrorBody = {
  /** `plan`: with `planLimit`, the smallest plan that lifts the limit. */
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string>; plan?: string };
};

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly fields?: Record<string, FieldIssue>,
    /** For 429 and 503: seconds until the client may try again (the Retry-After header). */
    readonly retryAfterSeconds?: number,
    /** Numbers and names the message names (e.g. `max`, `name`). */
    readonly values?: Record<string, number | string>,
  ) {
    super(code);
  }
}

/**
 * `{ error: { code, message, fields? } }` in the caller's language (fields: a sentence per invalid field);
 * never internals or a stack.
 */
export async function errorResponse(request: Request, error: ApiError): Promise<Response> {
  const locale = requestLocale(request.headers);
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'Api' });
  const fields =
    error.fields &&
    Object.fromEntries(
      Object.entries(error.fields).map(([name, issue]) => [
        name,
        t(`fields.${issue.code}`, { min: issue.min ?? 0, max: issue.max ?? 0 }),
      ]),
    );
  const retryAfter = error.retryAfterSeconds ?? (error.code === 'unavailable' ? UNAVAILABLE_RETRY_SECONDS : undefined);
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: t(`errors.${error.code}`, { ...waitOf(retryAfter ?? 0), ...error.values }),
      ...(fields && { fields }),
      ...(error.code === 'planLimit' && { plan: String(error.values?.plan) }),
    },
  };
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
  return Response.json(body, { status: API_ERRORS[error.code], headers });
}

/**
 * A wait as people say it: seconds under a minute, else minutes under an hour, else hours, rounded up
 * (2,436 s: 41 minutes), so that trying again after it works. The messages choose the word by `unit`.
 */
export function waitOf(seconds: number): { unit: 'second' | 'minute' | 'hour'; count: number } {
  if (seconds < 60) return { unit: 'second', count: Math.max(0, Math.ceil(seconds)) };
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? { unit: 'minute', count: minutes } : { unit: 'hour', count: Math.ceil(minutes / 60) };
}

/** What a request whose client left is answered (nginx's "client closed request"); nobody receives it. */
const CLIENT_GONE = 499;

/**
 * Runs a route handler body with one budget for its database work (lib/db/budget); an ApiError
 * becomes its JSON answer, a database that cannot answer in time a 503, anything else a generic 500
 * (logged on the server, never sent).
 */
export async function handle(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await withRequestBudget(work);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(request, error);
    if (isDatabaseUnavailable(error)) {
      markDatabaseDown();
      // One line naming what failed: no statement parameters, no stack (anyone can cause it while the database is
      // away).
      console.error(`database unavailable: ${describeDatabaseError(error)}`);
      return errorResponse(request, new ApiError('unavailable'));
    }
    // The client hung up (Node fails the unread body with ECONNRESET): nobody reads this answer, and a log
    // line for it would be one anyone can cause at will. Any other failure is logged, hung up or not.
    if (request.signal.aborted && (error as { code?: unknown } | null)?.code === 'ECONNRESET')
      return new Response(null, { status: CLIENT_GONE });
    console.error(error);
    return errorResponse(request, new ApiError('internal'));
  }
}
