import { expect, test, axeViolations, localesUnderTest, localized, routes } from './fixtures';
import { baseURL } from '../../playwright.config';
import { createAccount, grantAdmin, signInThroughForm } from './auth';

// axe on every page, in both languages, signed out and signed in: no violation of any impact.

for (const locale of localesUnderTest) {
  for (const path of [
    ...routes.filter((r) => r.public).map((r) => r.path),
    '/mailbox',
    '/transcript',
    '/nicht-da',
    '/shop/nope',
    '/imprint',
    '/privacy',
    '/terms',
  ]) {
    const url = localized(path, locale);
    test(`${url} has no accessibility violations`, async ({ page, consoleErrors }) => {
      // The not-found page answers 404, as it should.
      consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+(\/de)?\/(nicht-da|shop\/nope)\)$/);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.locator('html[data-hydrated="true"]').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  // Every dashboard page as support staff (so that the support desk is included), with a ticket and a
  // widget to show.
  for (const path of [
    '/dashboard',
    '/dashboard/tickets',
    'ticket',
    '/dashboard/feedback',
    '/dashboard/profile',
    '/dashboard/settings',
    '/dashboard/widgets',
    '/dashboard/inbox',
    '/dashboard/members',
    '/dashboard/orders',
    '/dashboard/billing',
    '/dashboard/admin',
  ]) {
    test(`signed in (${locale}): ${path === 'ticket' ? 'a ticket page' : path} has no accessibility violations`, async ({
      page,
    }) => {
      const account = await createAccount(page.request);
      await grantAdmin(page.request, account.uid);
      await signInThroughForm(page, account);
      const created = await page.request.post('/api/tickets', {
        headers: { origin: baseURL },
        data: {
          subject: 'Barrierefreiheit prüfen',
          category: 'technical',
          message: 'Bitte prüfen Sie die Seite mit einem Screenreader.',
        },
      });
      expect(created.status()).toBe(201);
      const { ticket } = await created.json();
      const widget = await page.request.post('/api/widgets', {
        headers: { origin: baseURL },
        data: {
          name: 'Shop',
          allowedOrigins: ['https://shop.example.com'],
          accentColor: '#0F766E',
          greeting: 'Hallo!',
          locale,
        },
      });
      expect(widget.status()).toBe(201);
      await page.goto(localized(path === 'ticket' ? `/dashboard/tickets/${ticket.id}` : path, locale));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.locator('html[data-hydrated="true"]').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
