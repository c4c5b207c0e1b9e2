// Satisfaction (issue 39, point 6) in the browser, both languages: an operator closes the conversation, the
// widget asks the visitor once, who rates with the keyboard and a comment; the thanks, and no second question
// after a reload; the operator sees the rating in the thread and the list, live. Axe clean on both sides.
import { axeViolations, expect, localesUnderTest, localized, messages, test } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';

for (const locale of localesUnderTest) {
  const w = messages[locale].Widget;
  const r = messages[locale].WidgetRating;
  const inbox = messages[locale].Dashboard.inbox;
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

  test(`the visitor rates a closed conversation with the keyboard; the operator sees it (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // On this site's own host, the widget's frame may keep its visitor in storage: a reload is the same visitor.
    const site = await hostSite({ hostname: '127.0.0.1' });
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
      site.setPage({ body: snippet(widgetId), lang: locale });
      // The widget's settings ask for ratings by default.
      await page.goto(localized(`/dashboard/widgets?widget=${widgetId}`, locale));
      const settings = page.getByRole('form', { name: /Shop help/ });
      await expect(
        settings.getByRole('checkbox', { name: messages[locale].Dashboard.widgets.form.askRating }),
      ).toBeChecked();
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();

      const guest = await visitor(browser, site.origin);
      // The rating form is a part of its own (scripts/build-widget.mjs): fetched only once it is asked for.
      const parts: string[] = [];
      guest.context.on('request', (request) => {
        if (/\/_next\/static\/widget\/rating-part-/.test(request.url())) parts.push(request.url());
      });
      await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      const text = `Thanks for the help ${Date.now()}`;
      const composer = guest.widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(text);
      await composer.getByRole('button', { name: w.send }).click();
      const question = guest.widget.getByRole('group', { name: r.question });
      // Nothing is asked while the conversation is open.
      await expect(guest.widget.getByText(text)).toBeVisible();
      await expect(question).toHaveCount(0);
      expect(parts).toEqual([]);

      const list = page.getByRole('navigation', { name: inbox.list });
      await list.getByRole('button', { name: text }).click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      await thread.getByRole('button', { name: inbox.close, exact: true }).click();

      // The widget asks at once; the visitor answers with the keyboard only.
      await expect(question).toBeVisible();
      expect(parts).toHaveLength(1);
      expect(await axeViolations(guest.page)).toEqual([]);
      await question.getByRole('radio', { name: r.scores.veryBad, exact: true }).focus();
      await guest.page.keyboard.press('ArrowRight');
      await guest.page.keyboard.press('ArrowRight');
      await guest.page.keyboard.press('ArrowRight');
      await expect(question.getByRole('radio', { name: r.scores.good, exact: true })).toBeChecked();
      await guest.page.keyboard.press('Tab');
      await guest.page.keyboard.type('Quick and kind.');
      await guest.page.keyboard.press('Tab');
      await guest.page.keyboard.press('Enter');
      await expect(guest.widget.getByRole('status').filter({ hasText: r.thanks })).toBeVisible();
      await expect(question).toHaveCount(0);

      // The operator sees it live: in the thread, marked as the visitor's, and as a badge in the list.
      const rating = thread.getByRole('region', { name: inbox.rating.title });
      await expect(rating).toContainText(fill(inbox.rating.score, { label: inbox.rating.scores.good, score: 4 }));
      await expect(rating).toContainText('Quick and kind.');
      await expect(list.getByRole('button', { name: text }).getByTestId('list-rating')).toContainText(
        fill(inbox.rating.badge, { label: inbox.rating.scores.good, score: 4 }),
      );
      expect(await axeViolations(page)).toEqual([]);

      // Back later, the visitor is not asked again: the server says the conversation is rated.
      await guest.page.reload();
      await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      const conversations = guest.widget.getByRole('navigation', { name: w.conversations });
      await conversations.getByRole('button', { name: text }).click();
      await expect(guest.widget.getByText(w.closedNotice)).toBeVisible();
      await expect(question).toHaveCount(0);
      await guest.context.close();
    } finally {
      await site.close();
    }
  });
}
