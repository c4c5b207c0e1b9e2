import { createHash } from 'node:crypto';
import { expect, test } from '../e2e/fixtures';
import type { Page } from '@playwright/test';
import { signIn, startApiSession } from '../e2e/auth';
import { messages } from '../e2e/fixtures';
import { baseURL } from '../../playwright.config';

/** Content-Security-Policy violations and script errors a page reports while it loads and hydrates. */
async function violationsOf(
  page: Page,
  path: string,
  ready = (p: Page) => p.locator('html[data-hydrated="true"]').waitFor(),
) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to (execute|load)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations ??= [];
      (window as unknown as { __violations: string[] }).__violations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  const response = await page.goto(path);
  await ready(page);
  violations.push(
    ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
  );
  return { response: response!, violations };
}

function directives(policy: string | undefined): Record<string, string[]> {
  expect(policy, 'Content-Security-Policy').toBeTruthy();
  return Object.fromEntries(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectStrictDocumentPolicy(headers: Record<string, string>) {
  const csp = directives(headers['content-security-policy']);
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
  expect(csp['script-src'].some((s) => s.startsWith("'nonce-") || s.startsWith("'sha256-"))).toBe(true);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers).not.toHaveProperty('x-powered-by');
  return csp;
}

const signedOut = [
  '/',
  '/de',
  '/shop/starter',
  '/de/shop/professional',
  '/login',
  '/de/signup',
  '/chat',
  '/de/shop/cancel',
  '/sample',
  '/de/nicht-da',
];

for (const path of signedOut) {
  test(`${path}: a strict policy, and the page runs without a single violation`, async ({ page, consoleErrors }) => {
    // The not-found page answers 404, as it should.
    consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/de\/nicht-da\)$/);
    const { response, violations } = await violationsOf(page, path);
    const csp = expectStrictDocumentPolicy(response.headers());
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(violations).toEqual([]);
  });
}

test('prerendered pages stay static: allowed by the hashes of their inline scripts, not a nonce', async ({
  request,
}) => {
  for (const path of ['/', '/de', '/shop/starter']) {
    // From the prerender cache: a page older than its 5 minutes is first answered STALE while it renders
    // again in the background (long runs reach that), then HIT.
    let response = await request.get(path);
    await expect
      .poll(
        async () => {
          response = await request.get(path);
          return response.headers()['x-nextjs-cache'];
        },
        { message: path },
      )
      .toBe('HIT');
    const scripts = directives(response.headers()['content-security-policy'])['script-src'];
    expect(
      scripts.filter((s) => s.startsWith("'nonce-")),
      path,
    ).toEqual([]);
    // One hash per distinct inline script of the page (the theme script's is always there).
    const html = await response.text();
    const inline = new Set(
      [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1],
      ),
    );
    expect(scripts.filter((s) => s.startsWith("'sha256-")).length, path).toBe(new Set([...inline]).size);
  }
});

test('pages rendered per request get a fresh nonce that the client cannot choose', async ({ request }) => {
  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
  const first = await request.get('/login', {
    headers: { 'content-security-policy': "script-src 'nonce-chosen-by-attacker'" },
  });
  const second = await request.get('/login');
  const [a, b] = [
    nonceOf(first.headers()['content-security-policy']),
    nonceOf(second.headers()['content-security-policy']),
  ];
  expect(a).toBeTruthy();
  expect(a).not.toBe(b);
  expect(a).not.toBe('chosen-by-attacker');
  const html = await first.text();
  expect(html).toContain(`nonce="${a}"`);
  expect(html).not.toContain('chosen-by-attacker');
});

test('signed in: the dashboard pages run without violations', async ({ page }) => {
  await signIn(page);
  for (const path of [
    '/dashboard',
    '/de/dashboard/profile',
    '/dashboard/settings',
    '/dashboard/tickets',
    '/de/dashboard/feedback',
    '/dashboard/widgets',
    '/de/dashboard/inbox',
    '/de/dashboard/orders',
  ]) {
    const { response, violations } = await violationsOf(page, path);
    expectStrictDocumentPolicy(response.headers());
    expect(violations, path).toEqual([]);
  }
});

test('API answers and files may neither run anything nor be framed', async ({ request }) => {
  for (const path of [
    '/api/products',
    '/api/health',
    '/robots.txt',
    '/sitemap.xml',
    '/og/en.png',
    '/screenshots/inbox.en.webp',
    '/embed.js',
  ]) {
    const response = await request.get(path);
    expect(response.headers()['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(response.headers(), path).not.toHaveProperty('x-powered-by');
  }
});

test('the widget page may be framed by its allowed origins only, and runs its scripts by nonce', async ({
  page,
  request,
}) => {
  await startApiSession(request);
  const created = await request.post('/api/widgets', {
    headers: { origin: baseURL },
    data: {
      name: 'Framed',
      allowedOrigins: ['https://shop.example.com'],
      accentColor: '#0F766E',
      greeting: 'Hi',
      locale: 'en',
    },
  });
  expect(created.status()).toBe(201);
  const { widget } = await created.json();
  // The widget page has no app shell: it is ready when its visitor has started and the composer shows
  // (which needs its scripts).
  const { response, violations } = await violationsOf(page, `/embed/${widget.id}?mode=inline`, (p) =>
    expect(p.getByRole('form', { name: messages.en.Widget.composer })).toBeVisible(),
  );
  const csp = expectStrictDocumentPolicy(response.headers());
  expect(csp['frame-ancestors']).toEqual(["'self'", 'https://shop.example.com']);
  const nonce = csp['script-src'].find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
  expect(await response.text()).toContain(`nonce="${nonce}"`);
  expect(violations).toEqual([]);
  expect((await request.get('/embed/AAAAAAAAAAAAAAAA')).headers()['content-security-policy']).toContain(
    "frame-ancestors 'none'",
  );

  // Its launcher page (what a new visitor's page loads first): the same framing, its one script by hash.
  const launcher = await request.get(`/embed/${widget.id}/launcher`);
  expect(launcher.status()).toBe(200);
  const launcherPolicy = expectStrictDocumentPolicy(launcher.headers());
  expect(launcherPolicy['frame-ancestors']).toEqual(["'self'", 'https://shop.example.com']);
  const html = await launcher.text();
  expect(html).toContain('<html lang="en"');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
  expect(scripts).toHaveLength(1);
  const hash = createHash('sha256').update(scripts[0]).digest('base64');
  expect(launcherPolicy['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
  // No such widget: a page in the visitor's language that nobody may frame.
  const missing = await request.get('/embed/AAAAAAAAAAAAAAAA/launcher', { headers: { 'accept-language': 'de' } });
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(await missing.text()).toContain(`<title>${messages.de.Errors.missingWidget.title}</title>`);
});
