// Presence and assignment in the browser, one operator (teammates join through invitations, another branch):
// the inbox shows the operator's own state live, auto-assignment gives a new conversation to the operator
// whose inbox is open, it is unassigned and claimed again through the thread's controls and listed in the
// views; the visitor sees the operator's name with its initials. Both languages, axe clean.
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';

for (const locale of ['en', 'de'] as Locale[]) {
  const w = messages[locale].Widget;
  const inbox = messages[locale].Dashboard.inbox;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

  test(`presence, auto-assignment, claim and views in the inbox; the visitor sees who answers (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const site = await hostSite();
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale, autoAssign: true });
      site.setPage({ body: snippet(widgetId), lang: locale });
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();
      // The open inbox makes the operator available, and the teammates list says so.
      const teammates = page.getByRole('list', { name: inbox.teammates.title });
      await expect(teammates.getByText(inbox.teammates.states.available, { exact: true })).toBeVisible();

      const guest = await visitor(browser, site.origin);
      await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      await expect(guest.widget.getByText(w.available)).toBeVisible();
      const text = `Who answers me? ${Date.now()}`;
      const composer = guest.widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(text);
      await composer.getByRole('button', { name: w.send }).click();

      // Auto-assigned to the only available operator: the list and the thread say "you".
      const list = page.getByRole('navigation', { name: inbox.list });
      const entry = list.getByRole('button', { name: text });
      await expect(entry.getByTestId('list-assignee')).toHaveText(inbox.assignment.you);
      await entry.click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      await expect(thread.getByTestId('assignee')).toHaveText(`${inbox.assignment.assignee}: ${inbox.assignment.you}`);
      expect(await axeViolations(page)).toEqual([]);

      // Unassigned by the select, it is in the Unassigned view and not in Mine; "Take it" claims it back.
      await thread.getByLabel(inbox.assignment.assignTo).selectOption({ label: inbox.assignment.unassigned });
      await expect(thread.getByTestId('assignee')).toHaveText(inbox.assignment.nobody);
      const views = page.getByLabel(inbox.views.label);
      await views.selectOption('mine');
      await expect(list.getByRole('button', { name: text })).toHaveCount(0);
      await views.selectOption('unassigned');
      await expect(list.getByRole('button', { name: text })).toBeVisible();
      await thread.getByRole('button', { name: inbox.assignment.claim }).click();
      await expect(thread.getByTestId('assignee')).toHaveText(`${inbox.assignment.assignee}: ${inbox.assignment.you}`);
      await views.selectOption('mine');
      await expect(list.getByRole('button', { name: text })).toBeVisible();

      // The operator answers; the visitor sees the name (the widget's, the account has no display name) and initials.
      const reply = `On my way. ${Date.now()}`;
      const answer = thread.getByRole('form', { name: inbox.reply });
      await answer.getByLabel(inbox.reply).fill(reply);
      await answer.getByRole('button', { name: inbox.send }).click();
      const said = guest.widget.getByRole('log', { name: w.messages }).getByRole('article').filter({ hasText: reply });
      await expect(said.getByTestId('operator-avatar')).toHaveText('SH');
      await expect(said.getByText('Shop help', { exact: true })).toBeVisible();
      expect(await axeViolations(guest.page)).toEqual([]);

      // Away by hand: the teammates list and the widget say so at once.
      await page.getByLabel(inbox.teammates.mine).selectOption('away');
      await expect(teammates.getByText(inbox.teammates.states.away, { exact: true })).toBeVisible();
      await expect(guest.widget.getByText(w.away)).toBeVisible();
      await guest.context.close();
    } finally {
      await site.close();
    }
  });
}
