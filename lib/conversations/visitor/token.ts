import 'server-only';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/api/errors';
import { sessionSecrets } from '@/lib/session/secret';

/** How long a visitor token holds; the widget renews it on every start. */
export const VISITOR_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const VERSION = 'v1';

let keys: Buffer[] | undefined;
/**
 * Keys of their own for visitor tokens, derived from the session secrets (no further setting): tokens
 * are signed with the first; one signed with the secret it replaced still verifies while that is set.
 */
function tokenKeys(): Buffer[] {
  return (keys ??= sessionSecrets().map((secret) =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'plauder visitor token v1', 32)),
  ));
}

function mac(payload: string, key = tokenKeys()[0]): Buffer {
  return createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();
}

/**
 * `generation`: for a verified user, the widget secret's rotation the token was issued under (0 when
 * the token names none: before the first rotation).
 */
export type VisitorClaim = { widgetId: string; visitorId: string; generation?: number };

/** A new random visitor id (128 bits). */
export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The token a widget keeps for its visitor: the widget and visitor ids and an expiry, HMAC-SHA256
 * signed. It is sent as `Authorization: Bearer …`, never as a cookie.
 */
export function issueVisitorToken(claim: VisitorClaim, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({
      w: claim.widgetId,
      v: claim.visitorId,
      ...(claim.generation !== undefined && { g: claim.generation }),
      e: Math.floor((now + VISITOR_TOKEN_TTL_MS) / 1000),
    }),
  ).toString('base64url');
  return `${VERSION}.${payload}.${mac(payload).toString('base64url')}`;
}

/**
 * The visitor of a token for `widgetId`; 401 `invalidVisitorToken` when it is malformed, tampered,
 * signed with another key, issued for another widget, or expired.
 */
export function verifyVisitorToken(token: string | null | undefined, widgetId: string, now = Date.now()): VisitorClaim {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3 || parts[0] !== VERSION || parts[1].length > 400) throw new ApiError('invalidVisitorToken');
  const given = Buffer.from(parts[2], 'base64url');
  const signed = tokenKeys().some((key) => {
    const expected = mac(parts[1], key);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) throw new ApiError('invalidVisitorToken');
  let claim: { w?: unknown; v?: unknown; g?: unknown; e?: unknown };
  try {
    claim = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new ApiError('invalidVisitorToken');
  }
  if (claim.w !== widgetId || typeof claim.v !== 'string' || typeof claim.e !== 'number' || claim.e * 1000 <= now)
    throw new ApiError('invalidVisitorToken');
  return { widgetId, visitorId: claim.v, generation: typeof claim.g === 'number' ? claim.g : 0 };
}

/** The bearer token of a request (`Authorization: Bearer …`), or null. */
export function bearerToken(request: Pick<Request, 'headers'>): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/** Whether `hash` is HMAC-SHA256(secret, message) in hex; compared in constant time. */
function signs(secret: string, message: string, hash: string): boolean {
  const expected = createHmac('sha256', secret).update(message, 'utf8').digest();
  const given = /^[0-9a-f]{64}$/i.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Identity verification of the customer's signed-in user: `userHash` must be HMAC-SHA256(widget secret,
 * user id) in hex, as the customer's server computes it. It verifies the id and nothing else.
 */
export function verifyUserHash(secret: string, userId: string, userHash: string): boolean {
  return signs(secret, userId, userHash);
}

/**
 * The user's e-mail address and name, signed beside the id: HMAC-SHA256(widget secret, id, e-mail and
 * name on lines of their own, empty when not given). Ids have no line breaks, so this never equals an
 * id's hash; and an e-mail address has none, so the lines cannot be shifted.
 */
export function verifyUserDetailsHash(
  secret: string,
  user: { id: string; email?: string; name?: string },
  detailsHash: string,
): boolean {
  return signs(secret, `${user.id}\n${user.email ?? ''}\n${user.name ?? ''}`, detailsHash);
}
