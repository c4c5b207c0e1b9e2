// Labels and snooze in the inbox (issue 39, point 4), in both languages: the owner adds a label in the
// "Manage labels" dialog, puts it on a conversation from the thread, sees it as a chip and filters the list
// by it; snoozes a conversation, which leaves the open list and comes back when its visitor writes. Axe
// clean with the dialog, the labels' checkboxes and the snooze choices open.
import { axeViolations, expect, localesUnderTest, localized, messages, test } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';

for (const locale of localesUnderTest) {
  const w = messages[locale].Widget;
  const inbox = messages[locale].Dashboard.inbox;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

  test(`labels a conversation, filters by the label, snoozes it until the visitor writes (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const site = await hostSite();
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
      site.setPage({ body: snippet(widgetId), lang: locale });
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();

      // The owner adds a label in the dialog.
      const name = locale === 'de' ? 'Rechnung' : 'Billing';
      await page.getByRole('button', { name: inbox.labels.manage }).click();
      const dialog = page.getByRole('dialog', { name: inbox.labels.dialog });
      await expect(dialog.getByText(inbox.labels.empty)).toBeVisible();
      await dialog.getByRole('textbox', { name: inbox.labels.newLabel, exact: true }).fill(name);
      await dialog.getByRole('combobox', { name: inbox.labels.colour, exact: true }).selectOption('violet');
      await dialog.getByRole('button', { name: inbox.labels.add }).click();
      await expect(dialog.getByRole('form', { name: fill(inbox.labels.editLabel, { name }) })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: inbox.labels.close }).click();
      await expect(dialog).toBeHidden();

      // Two visitors write.
      const texts = { ada: `Where is my invoice? ${Date.now()}`, bea: `Do you ship abroad? ${Date.now()}` };
      const guests = { ada: await visitor(browser, site.origin), bea: await visitor(browser, site.origin) };
      const say = async (who: 'ada' | 'bea', text: string) => {
        const composer = guests[who].widget.getByRole('form', { name: w.composer });
        await composer.getByLabel(w.message).fill(text);
        await composer.getByRole('button', { name: w.send }).click();
        await expect(guests[who].widget.getByRole('log', { name: w.messages }).getByText(text)).toBeVisible();
      };
      for (const who of ['ada', 'bea'] as const) {
        await guests[who].widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
        await say(who, texts[who]);
      }
      const list = page.getByRole('navigation', { name: inbox.list });
      const entry = (text: string) => list.getByRole('button', { name: text });
      await expect(entry(texts.ada)).toBeVisible();
      await expect(entry(texts.bea)).toBeVisible();

      // Ada's conversation gets the label from the thread's checkboxes: a chip in the thread and in the list.
      await entry(texts.ada).click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      await thread.getByRole('button', { name: inbox.labels.button, exact: true }).click();
      const choices = thread.getByRole('group', { name: inbox.labels.menu });
      await choices.getByRole('checkbox', { name }).check();
      await expect(thread.getByRole('list', { name: inbox.labels.button })).toHaveText(name);
      await expect(entry(texts.ada).getByTestId('label-chips')).toHaveText(name);
      await expect(entry(texts.bea).getByTestId('label-chips')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(choices).toBeHidden();

      // The list filtered by the label has Ada's conversation only.
      const labelFilter = page.getByRole('combobox', { name: inbox.labels.filter, exact: true });
      await labelFilter.selectOption({ label: name });
      await expect(entry(texts.ada)).toBeVisible();
      await expect(entry(texts.bea)).toHaveCount(0);
      await labelFilter.selectOption({ label: inbox.labels.anyLabel });
      await expect(entry(texts.bea)).toBeVisible();

      // Snoozed for an hour, it leaves Open and is under Snoozed.
      const filters = page.getByRole('group', { name: inbox.filters.label });
      await filters.getByText(inbox.filters.open, { exact: true }).click();
      await thread.getByRole('button', { name: inbox.snooze.button, exact: true }).click();
      await expect(thread.getByRole('group', { name: inbox.snooze.menu })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await thread.getByRole('button', { name: inbox.snooze.hour }).click();
      await expect(thread.getByTestId('snoozed-until')).toBeVisible();
      await expect(entry(texts.ada)).toHaveCount(0);
      await expect(entry(texts.bea)).toBeVisible();
      await filters.getByText(inbox.filters.snoozed, { exact: true }).click();
      await expect(entry(texts.ada)).toBeVisible();
      await expect(entry(texts.bea)).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      // Ada writes: the conversation is open again at once, in every list and in the thread.
      await filters.getByText(inbox.filters.open, { exact: true }).click();
      const again = `Any news? ${Date.now()}`;
      await say('ada', again);
      await expect(entry(again)).toBeVisible();
      await expect(thread.getByTestId('snoozed-until')).toHaveCount(0);
      await expect(thread.getByRole('button', { name: inbox.snooze.button, exact: true })).toBeVisible();
      await filters.getByText(inbox.filters.snoozed, { exact: true }).click();
      await expect(entry(again)).toHaveCount(0);
      for (const guest of Object.values(guests)) await guest.context.close();
    } finally {
      await site.close();
    }
  });
}
