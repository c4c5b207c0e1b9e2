import 'server-only';
import { errors, jwtVerify } from 'jose';
import { ApiError } from '@/lib/api/errors';
import { identityClaimsSchema } from '../schema';

/** How far the customer's server's clock may be from ours when it signs a token. */
const CLOCK_TOLERANCE_S = 30;

export type SignedUser = { id: string; email: string | null; name: string | null };

/**
 * The customer's signed-in user from a JWT their server signed with the widget secret (HS256, with `sub` and
 * `exp`): everything it carries is verified. Any other algorithm, a wrong signature or malformed claims are a
 * 403 `identityUnverified`; an expired token a 403 `identityExpired` (the page then asks its server again).
 */
export async function verifyIdentityToken(secret: string, token: string): Promise<SignedUser> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (error) {
    throw new ApiError(error instanceof errors.JWTExpired ? 'identityExpired' : 'identityUnverified');
  }
  const claims = identityClaimsSchema.safeParse(payload);
  if (!claims.success) throw new ApiError('identityUnverified');
  return { id: claims.data.sub, email: claims.data.email ?? null, name: claims.data.name ?? null };
}
