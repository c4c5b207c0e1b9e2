/** @jest-environment node */
import { SESSION_LIFETIME_MS, isSessionExpired } from '@/lib/session/expiry';

describe('isSessionExpired', () => {
  const login = Date.parse('2026-11-20T10:00:00.000Z');
  const at = (ms: number) => login + ms;

  it('is valid for 24 hours after the sign-in', () => {
    expect(SESSION_LIFETIME_MS).toBe(86_400_000);
    expect(isSessionExpired('2026-11-20T10:00:00.000Z', at(0))).toBe(false);
    expect(isSessionExpired('2026-11-20T10:00:00.000Z', at(SESSION_LIFETIME_MS - 1))).toBe(false);
    expect(isSessionExpired('2026-11-20T10:00:00.000Z', at(SESSION_LIFETIME_MS))).toBe(false);
  });

  it('is expired once more than 24 hours have passed', () => {
    expect(isSessionExpired('2026-11-20T10:00:00.000Z', at(SESSION_LIFETIME_MS + 1))).toBe(true);
    expect(isSessionExpired('2026-11-20T10:00:00.000Z', at(3 * SESSION_LIFETIME_MS))).toBe(true);
  });

  it.each([undefined, null, '', 'yesterday', 1_700_000_000_000, '2026-13-40T99:00:00Z'])(
    'treats %p as expired',
    (value) => {
      expect(isSessionExpired(value, at(0))).toBe(true);
    },
  );

  it('treats a sign-in time in the future as forged', () => {
    expect(isSessionExpired('2026-11-21T10:00:00.000Z', at(0))).toBe(true);
  });
});
