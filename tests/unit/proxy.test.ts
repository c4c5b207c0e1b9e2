/** @jest-environment node */
import { NextRequest } from 'next/server';
import proxy from '@/proxy';
import { markDatabaseDown, markDatabaseUp, registerDatabaseProbe } from '@/lib/db/availability';

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
}

function localeCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('i18n_redirected='));
}

describe('proxy', () => {
  it('remembers the visited locale in i18n_redirected for 365 days, path /, SameSite=Lax', async () => {
    const response = await proxy(request('/de/chat'));
    const cookie = localeCookie(response);
    expect(cookie).toMatch(/^i18n_redirected=de;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('writes en when an English page is visited, even if the browser prefers English', async () => {
    const response = await proxy(request('/chat', { 'accept-language': 'en-US,en;q=0.9' }));
    expect(localeCookie(response)).toMatch(/^i18n_redirected=en;/);
  });

  it('sends a visitor with a saved de from / to /de', async () => {
    const response = await proxy(request('/', { cookie: 'i18n_redirected=de' }));
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/de');
  });

  it('detects German from Accept-Language on a first visit', async () => {
    const response = await proxy(request('/login', { 'accept-language': 'de-DE,de;q=0.9' }));
    expect(new URL(response.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/de/login');
  });

  it('applies route rules before locale routing, keeping the locale', async () => {
    const response = await proxy(request('/de/register?plan=business'));
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('http://localhost:3000/de/signup?plan=business');
  });

  it('answers external rules with an HTTP redirect to the other site', async () => {
    const response = await proxy(request('/legal/stripe'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://stripe.com/legal/ssa');
  });

  it('treats an unknown prefix as an English path (which then 404s), not as a locale', async () => {
    const response = await proxy(request('/fr/chat'));
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-middleware-rewrite')).toContain('/en/fr/chat');
  });
});

describe('proxy background requests', () => {
  it('does not let a prefetch of the other locale overwrite the remembered locale', async () => {
    const response = await proxy(request('/de/chat', { cookie: 'i18n_redirected=en', 'sec-fetch-dest': 'empty' }));
    expect(localeCookie(response)).toBeUndefined();
  });

  it('remembers the locale on a document request', async () => {
    const response = await proxy(request('/de/chat', { cookie: 'i18n_redirected=en', 'sec-fetch-dest': 'document' }));
    expect(localeCookie(response)).toMatch(/^i18n_redirected=de;/);
  });
});

describe('proxy while the database is down', () => {
  afterEach(() => markDatabaseUp());

  it('answers dashboard pages with a translated 503 until the probe succeeds again', async () => {
    let reachable = false;
    registerDatabaseProbe(async () => {
      if (!reachable) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    markDatabaseDown(Date.now() - 60_000);
    const down = await proxy(request('/de/dashboard/tickets'));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('10');
    expect(await down.text()).toContain('Vorübergehend nicht verfügbar');
    // Public pages do not need the database.
    expect((await proxy(request('/de/chat'))).status).toBe(200);

    reachable = true;
    const probeAt = Date.now() + 5_000; // after the probe interval
    jest.spyOn(Date, 'now').mockReturnValue(probeAt);
    try {
      const back = await proxy(request('/de/dashboard/tickets'));
      expect(back.status).toBe(307); // on to the login page: the usual way again
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('answers 503 without probing right after a statement failed (a failed render sends its browser back for it)', async () => {
    const probe = jest.fn(async () => {});
    registerDatabaseProbe(probe);
    markDatabaseDown();
    const down = await proxy(request('/dashboard/tickets'));
    expect(down.status).toBe(503);
    expect(await down.text()).toContain('Temporarily unavailable');
    expect(probe).not.toHaveBeenCalled();
  });
});
