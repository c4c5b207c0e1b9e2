// Block and erase a visitor from the inbox, seen from the visitor's side (issue 39, point 8): the open widget
// replaces its composer with the polite refusal at once and gets it back when unblocked; after an erasure the
// conversation leaves the inbox and the widget starts afresh as a new visitor. Both languages, axe clean.
import { axeViolations, expect, localized, localesUnderTest, messages, test } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

for (const locale of localesUnderTest) {
  const w = messages[locale].Widget;
  const inbox = messages[locale].Dashboard.inbox;
  const v = inbox.visitor;

  test(`blocks, unblocks and erases a visitor; the widget says so and starts afresh (${locale})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const site = await hostSite();
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
      site.setPage({ body: snippet(widgetId), lang: locale });
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();

      const guest = await visitor(browser, site.origin);
      await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      const text = `Please help me ${Date.now()}`;
      const composer = guest.widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(text);
      await composer.getByRole('button', { name: w.send }).click();
      const log = guest.widget.getByRole('log', { name: w.messages });
      await expect(log.getByText(text)).toBeVisible();

      const list = page.getByRole('navigation', { name: inbox.list });
      await list.getByRole('button', { name: text }).click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      const actions = thread.getByRole('group', { name: v.actions });

      // Block, asked first: the confirmation names what it does, and is axe clean.
      await actions.getByRole('button', { name: v.block }).click();
      const asked = actions.getByRole('group', { name: v.block });
      await expect(asked.getByText(fill(v.blockTitle, { name: inbox.anonymous }))).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await asked.getByRole('button', { name: v.blockConfirm }).click();
      await expect(thread.getByText(v.blockedNotice)).toBeVisible();
      await expect(list.getByRole('button', { name: text }).getByText(v.blocked, { exact: true })).toBeVisible();

      // The open widget says so at once, in the visitor's language, where its composer was.
      await expect(guest.widget.getByText(w.blocked)).toBeVisible();
      await expect(guest.widget.getByRole('form', { name: w.composer })).toHaveCount(0);
      expect(await axeViolations(guest.page)).toEqual([]);

      // Unblocked, the visitor writes again.
      await actions.getByRole('button', { name: v.unblock }).click();
      await expect(thread.getByText(v.blockedNotice)).toHaveCount(0);
      await expect(guest.widget.getByText(w.blocked)).toHaveCount(0);
      const again = `One more thing ${Date.now()}`;
      await composer.getByLabel(w.message).fill(again);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(thread.getByText(again)).toBeVisible();

      // Erase, asked first: the conversation leaves the inbox, and the widget starts as a new visitor.
      await actions.getByRole('button', { name: v.erase }).click();
      const erase = actions.getByRole('group', { name: v.erase });
      await expect(erase.getByText(v.eraseLead)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // The erased visitor's token: its stream's reconnect and the renewal are refused (401), then a new one starts.
      consoleErrors.allow(
        /status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/widgets\/[\w-]+\/(events|visitors)\)$/,
      );
      const restarted = guest.page.waitForResponse(
        (response) => response.url().endsWith(`/api/widgets/${widgetId}/visitors`) && response.status() === 201,
      );
      await erase.getByRole('button', { name: v.eraseConfirm }).click();
      await expect(page.getByText(v.erasedNotice)).toBeVisible();
      await expect(list.getByRole('button', { name: again })).toHaveCount(0);
      await restarted;
      await expect(guest.widget.getByText(text)).toHaveCount(0);
      await expect(guest.widget.getByText(again)).toHaveCount(0);
      const fresh = `Hello again ${Date.now()}`;
      const start = guest.widget.getByRole('form', { name: w.composer });
      await start.getByLabel(w.message).fill(fresh);
      await start.getByRole('button', { name: w.send }).click();
      await expect(guest.widget.getByRole('log', { name: w.messages }).getByText(fresh)).toBeVisible();
      await expect(list.getByRole('button', { name: fresh })).toBeVisible();
      await expect(list.getByRole('button', { name: fresh }).getByText(v.blocked, { exact: true })).toHaveCount(0);
      expect(await axeViolations(guest.page)).toEqual([]);
      await guest.context.close();
    } finally {
      await site.close();
    }
  });
}
