// The visitor's context in the inbox (issue 39, point 8): a host page that navigates as a single-page app
// (pushState), and the operator sees the pages the visitor viewed, where they came from, their browser and system,
// their local time, and their conversations, each of which opens in place. Both languages, axe clean.
import { axeViolations, expect, localized, localesUnderTest, messages, test } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet } from './host-site';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The host page's own navigation, as a single-page app's router does it: a new address and title, no new page. */
const ROUTER = `<button id="pricing" type="button">Pricing</button><script>
document.getElementById('pricing').addEventListener('click', function () {
  history.pushState({}, '', '/pricing');
  document.title = 'Pricing plans';
});
</script>`;

for (const locale of localesUnderTest) {
  const w = messages[locale].Widget;
  const inbox = messages[locale].Dashboard.inbox;
  const c = inbox.context;

  test(`shows the visitor's pages, browser, local time and conversations (${locale})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const site = await hostSite();
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
      site.setPage({ body: `${ROUTER}${snippet(widgetId)}`, lang: locale, title: 'Customer shop' });
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();

      // A visitor in Tokyo on a Mac, who came from a search.
      const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', userAgent: CHROME_ON_MAC });
      const guest = await context.newPage();
      await guest.goto(site.origin, { referer: 'http://search.example/results?q=live+chat' });
      const widget = guest.frameLocator('iframe[data-chat-widget]');
      await widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      const first = `Which plan fits? ${Date.now()}`;
      const composer = widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(first);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(widget.getByRole('log', { name: w.messages }).getByText(first)).toBeVisible();

      // The shop's router moves on; then the visitor starts another conversation there.
      await guest.getByRole('button', { name: 'Pricing', exact: true }).click();
      await expect(guest).toHaveURL(`${site.origin}/pricing`);
      await widget.getByRole('button', { name: w.back }).click();
      await widget.getByRole('button', { name: w.newConversation }).click();
      const second = `And yearly? ${Date.now()}`;
      await composer.getByLabel(w.message).fill(second);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(widget.getByRole('log', { name: w.messages }).getByText(second)).toBeVisible();

      const list = page.getByRole('navigation', { name: inbox.list });
      await list.getByRole('button', { name: second }).click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      const visit = thread.getByRole('region', { name: c.title, exact: true });
      const pages = visit.getByRole('list', { name: c.pages });
      await expect(pages.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
      await expect(pages.getByRole('listitem').nth(0)).toContainText('Pricing plans');
      await expect(pages.getByRole('listitem').nth(1)).toContainText('Customer shop');
      const link = pages.getByRole('link', { name: new RegExp('^Pricing plans') });
      await expect(link).toHaveAttribute('href', `${site.origin}/pricing`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

      const details = visit.getByRole('definition');
      await expect(details.nth(0)).toContainText('http://search.example/');
      await expect(details.nth(1)).toHaveText('Chrome 131');
      await expect(details.nth(2)).toHaveText('macOS 10.15.7');
      const tokyo = new Intl.DateTimeFormat(locale, {
        timeZone: 'Asia/Tokyo',
        weekday: 'short',
        hour: 'numeric',
        minute: '2-digit',
      });
      await expect(details.nth(3)).toContainText('(Asia/Tokyo)');
      await expect(details.nth(3)).toContainText(tokyo.format(new Date()).slice(0, 4));
      expect(await axeViolations(page)).toEqual([]);

      // Both conversations of this visitor, this one marked; the other opens here.
      const conversations = visit.getByRole('list', { name: c.conversations });
      await expect(conversations.getByRole('link')).toHaveCount(2);
      await expect(conversations.getByRole('link', { name: new RegExp(`\\(${c.current}\\)`) })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await conversations.getByRole('listitem').filter({ hasText: first }).getByRole('link').click();
      await expect(thread.getByRole('log').getByText(first)).toBeVisible();
      await expect(page).toHaveURL(/[?&]conversation=/);
      await expect(
        visit
          .getByRole('listitem')
          .filter({ hasText: first })
          .getByRole('link', { name: new RegExp(c.current) }),
      ).toHaveAttribute('aria-current', 'page');
      await context.close();
    } finally {
      await site.close();
    }
  });
}
