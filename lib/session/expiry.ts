/** A session lives 24 hours from the sign-in (spec §4, §9). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** True when more than 24 h have passed since `lastLoginAt` (ISO), or when it is not a time at all. */
export function isSessionExpired(lastLoginAt: unknown, now: number = Date.now()): boolean {
  if (typeof lastLoginAt !== 'string') return true;
  const at = Date.parse(lastLoginAt);
  if (Number.isNaN(at) || at > now + 60_000) return true;
  return now - at > SESSION_LIFETIME_MS;
}

/** When the session of a sign-in at `lastLoginAt` (ISO) ends, as an ISO time. */
export function sessionEndsAt(lastLoginAt: string): string {
  return new Date(Date.parse(lastLoginAt) + SESSION_LIFETIME_MS).toISOString();
}
