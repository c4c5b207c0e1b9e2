import { expect, test, localesUnderTest, localized, messages, routes } from './fixtures';
import { signIn } from './auth';

for (const locale of localesUnderTest) {
  test.describe(`routes in ${locale}`, () => {
    for (const route of routes) {
      const path = localized(route.path, locale);
      test(`${path} renders its heading`, async ({ page }) => {
        if (!route.public) await signIn(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading(messages[locale]));
        await expect(page).toHaveTitle(/Plauder/);
        await expect(page.getByRole('navigation', { name: messages[locale].LocaleSwitcher.label })).toBeVisible();
      });
    }
  });
}

test('the dashboard layout links its pages and marks the current one', async ({ page }) => {
  await signIn(page);
  await page.goto('/de/dashboard/tickets');
  const nav = page.getByRole('navigation', { name: messages.de.Dashboard.navLabel });
  const n = messages.de.Dashboard.nav;
  const labels = [
    n.overview,
    n.profile,
    n.settings,
    n.tickets,
    n.feedback,
    n.widgets,
    n.inbox,
    n.reports,
    n.members,
    n.billing,
    n.orders,
  ];
  await expect(nav.getByRole('link')).toHaveText(labels);
  await expect(nav.getByRole('link', { name: messages.de.Dashboard.nav.tickets })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await nav.getByRole('link', { name: messages.de.Dashboard.nav.widgets }).click();
  await expect(page).toHaveURL(/\/de\/dashboard\/widgets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Dashboard.widgets.title);
});

test('the landing page shows the catalogue with prices per locale, and the FAQ', async ({ page }) => {
  await page.goto('/');
  const plans = page.getByRole('region', { name: messages.en.Home.plans.title });
  // The free tier, the three plans and the setup service.
  await expect(plans.getByRole('article')).toHaveCount(5);
  await expect(plans.getByRole('article', { name: 'Professional' })).toContainText('€49.00');
  await page.goto('/de');
  const pakete = page.getByRole('region', { name: messages.de.Home.plans.title });
  await expect(pakete.getByRole('article', { name: 'Einrichtungsservice' })).toContainText('149,00 €');
  const faq = page.getByRole('region', { name: messages.de.Home.faq.title });
  await faq.getByText(messages.de.Home.faq.items.payment.q).click();
  await expect(faq.getByText(messages.de.Home.faq.items.payment.a)).toBeVisible();
});

test('the landing page is served from the prerender cache', async ({ request }) => {
  for (const path of ['/', '/de']) {
    // A page older than its 5 minutes is first answered STALE while it renders again (long runs reach
    // that), then HIT: never rendered per request (which has no x-nextjs-cache at all).
    await expect
      .poll(
        async () => {
          const response = await request.get(path);
          expect(response.status()).toBe(200);
          return response.headers()['x-nextjs-cache'];
        },
        { message: path },
      )
      .toBe('HIT');
  }
});

test('the diagnostics page shows build, locale, session and component health', async ({ page, request }) => {
  const health = await (await request.get('/api/health')).json();
  await page.goto('/de/test');
  await expect(page.getByTestId('build-id')).toHaveText(health.buildId);
  await expect(page.getByTestId('locale')).toHaveText('de');
  await expect(page.getByTestId('session')).toHaveText(messages.de.Test.build.signedOut);
  for (const name of Object.keys(health.components) as Array<keyof typeof messages.de.Test.health.components>) {
    await expect(page.getByRole('rowheader', { name: messages.de.Test.health.components[name] })).toBeVisible();
  }
  await expect(page.locator('body')).not.toContainText(/SECRET|password=/i);
});

test('GET /api/health answers each component as JSON', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(response.headers()['cache-control']).toContain('no-store');
  const body = await response.json();
  expect(body.status).toBe('ok');
  expect(Object.keys(body.components)).toEqual(
    expect.arrayContaining(['app', 'i18n', 'routeRules', 'catalogue', 'identity']),
  );
  for (const component of Object.values(body.components) as Array<{ status: string }>)
    expect(component.status).toBe('ok');
});
