/** @jest-environment node */
import { loginRedirect, skipsSessionCheck } from '@/lib/auth/guard';
import { isProtectedPath } from '@/lib/i18n/paths';

describe('dashboard guard rules', () => {
  it.each(['/dashboard', '/dashboard/tickets', '/de/dashboard', '/de/dashboard/tickets/v1.2', '/en/dashboard'])(
    'protects %s',
    (path) => {
      expect(isProtectedPath(path)).toBe(true);
    },
  );

  it.each([
    '/',
    '/de',
    '/login',
    '/signup',
    '/chat',
    '/shop',
    '/shop/success',
    '/shop/cancel',
    '/dashboards',
    '/my-dashboard',
  ])('leaves %s alone', (path) => {
    expect(isProtectedPath(path)).toBe(false);
  });

  it('skips the check when a lang query parameter is present', () => {
    expect(skipsSessionCheck(new URLSearchParams('lang=de'))).toBe(true);
    expect(skipsSessionCheck(new URLSearchParams('tab=open'))).toBe(false);
  });

  it('sends to the locale’s login page with the original path and query', () => {
    expect(loginRedirect('/de/dashboard/tickets', '?tab=open')).toBe(
      '/de/login?redirect=%2Fde%2Fdashboard%2Ftickets%3Ftab%3Dopen',
    );
    expect(loginRedirect('/dashboard', '')).toBe('/login?redirect=%2Fdashboard');
  });
});
