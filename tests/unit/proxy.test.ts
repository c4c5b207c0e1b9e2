/** @jest-environment node */
import { NextRequest } from 'next/server';
import proxy from '@/proxy';
import { markDatabaseDown, markDatabaseUp, markRenderFailed, registerDatabaseProbe } from '@/lib/db/availability';

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
}

describe('proxy', () => {
  it('sets no cookie on a page: its answer is the same for everybody (the browser remembers the language)', async () => {
    for (const path of ['/de/chat', '/chat', '/shop/starter']) {
      const response = await proxy(request(path, { cookie: 'i18n_redirected=en', 'sec-fetch-dest': 'document' }));
      expect([path, response.headers.getSetCookie()]).toEqual([path, []]);
    }
  });

  it('takes a page’s language from its address, not from the cookie or Accept-Language', async () => {
    for (const headers of [{ cookie: 'i18n_redirected=de' }, { 'accept-language': 'de-DE,de;q=0.9' }] as Record<
      string,
      string
    >[]) {
      const response = await proxy(request('/login', headers));
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('x-middleware-rewrite')).toContain('/en/login');
    }
  });

  it('negotiates / by Accept-Language, and says so to caches', async () => {
    const german = await proxy(request('/?ref=ad', { 'accept-language': 'de-DE,de;q=0.9' }));
    expect(german.status).toBe(307);
    expect(german.headers.get('location')).toBe('http://localhost:3000/de?ref=ad');
    const english = await proxy(request('/', { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' }));
    expect(english.headers.get('location')).toBeNull();
    expect(english.headers.get('x-middleware-rewrite')).toContain('/en');
    for (const response of [german, english]) {
      expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
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

describe('proxy while the database is down', () => {
  afterEach(() => markDatabaseUp());
  const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  it('answers pages that need the database with a translated 503 while a probe fails, and serves the first request that finds it back', async () => {
    let reachable = false;
    const probe = jest.fn(async () => {
      if (!reachable) throw refused();
    });
    registerDatabaseProbe(probe);
    markDatabaseDown();
    const down = await proxy(request('/de/dashboard/tickets'));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('10');
    expect(await down.text()).toContain('Vorübergehend nicht verfügbar');
    expect((await proxy(request('/mailbox'))).status).toBe(503);
    expect((await proxy(request('/de/shop/checkout/4f1c'))).status).toBe(503);
    // A signed-in visitor's page checks the session at the data; a signed-out one's public page needs nothing.
    expect((await proxy(request('/de/chat', { cookie: '__session=x' }))).status).toBe(503);
    expect((await proxy(request('/de/chat'))).status).toBe(200);

    // Back: the very next request is served (no interval to wait out), the others then without a probe.
    reachable = true;
    expect((await proxy(request('/de/dashboard/tickets'))).status).toBe(307); // on to the login page
    const probes = probe.mock.calls.length;
    expect((await proxy(request('/mailbox'))).status).toBe(200);
    expect(probe).toHaveBeenCalledTimes(probes);
  });

  it('gives every request that asks while a probe is under way that probe’s answer', async () => {
    let answer!: () => void;
    const probe = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    registerDatabaseProbe(probe);
    markDatabaseDown();
    const loads = Promise.all(Array.from({ length: 5 }, () => proxy(request('/dashboard'))));
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer();
    expect((await loads).map((response) => response.status)).toEqual([307, 307, 307, 307, 307]);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('answers 503 while a probe takes longer than a database that answers would, without asking again', async () => {
    let hangUp!: (error: Error) => void;
    const probe = jest.fn(() => new Promise<void>((_, reject) => (hangUp = reject)));
    registerDatabaseProbe(probe);
    markDatabaseDown();
    try {
      // The server hung: nobody waits for the probe's own end (its budget), nor starts another.
      expect((await proxy(request('/dashboard'))).status).toBe(503);
      expect((await proxy(request('/dashboard'))).status).toBe(503);
      expect(probe).toHaveBeenCalledTimes(1);
    } finally {
      hangUp(refused());
    }
  });

  it('answers 503 without probing right after a page failed to render for the database (its browser comes back for it)', async () => {
    const probe = jest.fn(async () => {});
    registerDatabaseProbe(probe);
    markRenderFailed();
    const down = await proxy(request('/dashboard/tickets'));
    expect(down.status).toBe(503);
    expect(await down.text()).toContain('Temporarily unavailable');
    expect(probe).not.toHaveBeenCalled();
  });
});
