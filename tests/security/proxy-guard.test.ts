/** @jest-environment node */
// The proxy's optimistic guard of the dashboard (the pages and handlers check the session again at
// the data: sessions.test.ts).
import { NextRequest } from 'next/server';
import proxy from '@/proxy';
import { SESSION_COOKIE, sealSession } from '@/lib/session/cookie';

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
}

describe('proxy dashboard guard', () => {
  const secret = process.env.SESSION_SECRET!;
  const user = {
    sid: '5b1c0e4e-8f4d-4a36-9a51-3c0f1f1b9e21',
    uid: 'u1',
    email: 'u1@example.com',
    displayName: null,
    photoURL: null,
    emailVerified: true,
    providerIds: ['password'],
    lastLoginAt: new Date().toISOString(),
  };
  const withCookie = async (path: string, value: string, headers: Record<string, string> = {}) =>
    proxy(request(path, { cookie: `${SESSION_COOKIE}=${value}`, ...headers }));
  const location = (response: Response) => response.headers.get('location');

  it('sends a visitor without a session to the locale’s login page, keeping path and query', async () => {
    const response = await proxy(request('/de/dashboard/tickets?tab=open'));
    expect(response.status).toBe(307);
    expect(location(response)).toBe('http://localhost:3000/de/login?redirect=%2Fde%2Fdashboard%2Ftickets%3Ftab%3Dopen');
  });

  it('guards dotted dashboard paths too', async () => {
    expect(location(await proxy(request('/de/dashboard/tickets/v1.2')))).toContain('/de/login?redirect=');
  });

  it('hands a dashboard render the address the browser asked for, replacing whatever the client sent under that name', async () => {
    const response = await withCookie('/de/dashboard/tickets?status=open', await sealSession(user, secret), {
      'x-page-address': 'https://evil.example/',
    });
    expect(location(response)).toBeNull();
    // Next's way to pass a proxy's request headers on to the render (a render that cannot reach the
    // database redirects there: components/errors/page-boundary.tsx).
    expect(response.headers.get('x-middleware-request-x-page-address')).toBe('/de/dashboard/tickets?status=open');
  });

  it('lets a valid session through', async () => {
    const response = await withCookie('/dashboard/tickets', await sealSession(user, secret));
    expect(location(response)).toBeNull();
  });

  it.each([
    ['a tampered cookie', async () => (await sealSession(user, secret)).replace(/.$/, 'x')],
    ['a cookie of another secret', () => sealSession(user, 'a-completely-different-secret-0000000000')],
    [
      'a session older than 24 h',
      () => sealSession({ ...user, lastLoginAt: new Date(Date.now() - 86_401_000).toISOString() }, secret),
    ],
    ['garbage', async () => 'garbage'],
  ])('treats %s as signed out', async (_, value) => {
    expect(location(await withCookie('/de/dashboard', await value()))).toContain(
      '/de/login?redirect=%2Fde%2Fdashboard',
    );
  });

  it('skips the check when a lang query parameter is present (the pages still check)', async () => {
    expect(location(await proxy(request('/dashboard?lang=de')))).toBeNull();
  });

  it('is not fooled by a forged x-middleware-subrequest header', async () => {
    const response = await proxy(request('/dashboard', { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' }));
    expect(location(response)).toContain('/login?redirect=%2Fdashboard');
  });
});
