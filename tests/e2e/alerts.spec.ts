// Alerts that reach the operator (issue 36, point 5): on any dashboard page, a visitor's message plays the
// sound; with the tab hidden it also counts in the title and shows a desktop notification whose click opens
// the thread. Headless Chromium shows no notification and plays no sound audibly: an init script records
// both, and emulates a hidden tab (document.visibilityState and its event).
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';
import { recordAlerts, setHidden } from './teams';
import { baseURL } from '../../playwright.config';

for (const locale of ['en', 'de'] as Locale[]) {
  const w = messages[locale].Widget;
  const dashboard = messages[locale].Dashboard;
  const labels = dashboard.settings.alerts;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

  test(`a visitor's message reaches the operator on another dashboard page (${locale})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.context().grantPermissions(['notifications'], { origin: baseURL });
    await page.addInitScript(recordAlerts);
    const streams: string[] = [];
    page.on('request', (request) => {
      if (/^\/api\/workspaces\/[^/]+\/inbox\/events$/.test(new URL(request.url()).pathname))
        streams.push(request.url());
    });
    // Counted from the settings document's commit on: the page before it may still hydrate and open its own
    // stream late on a loaded machine, after the test started counting but before that document was gone.
    const settingsPath = new URL(localized('/dashboard/settings', locale), baseURL).pathname;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === settingsPath) streams.length = 0;
    });
    const site = await hostSite();
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
      site.setPage({ body: snippet(widgetId), lang: locale });

      // The settings: the alerts beside the e-mail switches; the browser has allowed notifications.
      await page.goto(localized('/dashboard/settings', locale));
      await page.locator('html[data-hydrated="true"]').waitFor();
      const card = page.getByRole('region', { name: labels.title });
      await expect(card.getByLabel(labels.sound)).toBeChecked();
      await expect(card.getByLabel(labels.email)).toHaveValue('now');
      await expect(card.getByRole('status')).toHaveText(labels.permission.granted);
      await expect(card.getByRole('button', { name: labels.allow })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      const title = await page.title();

      // A visitor writes while the operator is on the settings page, in front: the sound, nothing else.
      const guest = await visitor(browser, site.origin);
      await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      const composer = guest.widget.getByRole('form', { name: w.composer });
      const first = `Is the widget GDPR-ready? ${Date.now()}`;
      await composer.getByLabel(w.message).fill(first);
      await composer.getByRole('button', { name: w.send }).click();
      await expect.poll(() => page.evaluate(() => window.__alerts.plays.length)).toBe(1);
      expect(await page.evaluate(() => window.__alerts.plays[0])).toContain('/sounds/alert.wav');
      const badge = page.getByRole('navigation', { name: dashboard.navLabel }).locator('[data-unread-badge]');
      await expect(badge).toHaveText(`1${fill(dashboard.nav.unread, { count: '1' })}`);
      expect(await page.title()).toBe(title);
      expect(await page.evaluate(() => window.__alerts.notifications)).toEqual([]);

      // The tab goes to the background: the next message also counts in the title and on the desktop.
      await page.evaluate(setHidden, true);
      const second = `And where is my data stored? ${Date.now()}`;
      await composer.getByLabel(w.message).fill(second);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(page).toHaveTitle(`(1) ${title}`);
      await expect.poll(() => page.evaluate(() => window.__alerts.plays.length)).toBe(2);
      const [shown] = await page.evaluate(() => window.__alerts.notifications);
      expect(shown).toEqual({
        title: fill(dashboard.alerts.notification, { visitor: dashboard.alerts.anonymous, widget: 'Shop help' }),
        body: second,
        tag: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      await expect(badge).toHaveText(`1${fill(dashboard.nav.unread, { count: '1' })}`);

      // Its click opens the thread; back in front, the count is gone.
      await page.evaluate(() => window.__alerts.click());
      await expect(page).toHaveURL(
        new URL(`${localized('/dashboard/inbox', locale)}?conversation=${shown.tag}`, baseURL).href,
      );
      await expect(page.getByRole('log').getByText(second)).toBeVisible();
      // One connection per tab since the settings page loaded: the inbox listens on the layout's stream.
      expect(streams).toHaveLength(1);
      await page.evaluate(setHidden, false);
      await expect(page).not.toHaveTitle(/^\(\d+\)/);
      await guest.context.close();
    } finally {
      await site.close();
    }
  });
}
