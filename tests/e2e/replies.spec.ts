// Saved replies in the browser (issue 39, point 3), in both dashboard languages: the owner adds a reply with an
// English and a German text on its page (an unknown placeholder is refused there first), then answers a German
// visitor's conversation with `/`, a few letters and Enter; the visitor reads the German text with their name
// filled in. axe is clean on the management page and with the picker open.
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

for (const locale of ['en', 'de'] as Locale[]) {
  const m = messages[locale];
  const replies = m.Dashboard.replies;
  const inbox = m.Dashboard.inbox;
  // The visitor reads German whatever the operator's dashboard speaks.
  const w = messages.de.Widget;

  test(`an admin saves a reply in two languages and inserts it with / for a German visitor (${locale})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // The reply with an unknown placeholder is refused on purpose.
    consoleErrors.allow(
      /status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/api\/workspaces\/[0-9a-f-]{36}\/replies\)$/,
    );
    const site = await hostSite();
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale: 'en', preChat: 'name' });
      site.setPage({ body: snippet(widgetId), lang: 'de' });

      // The management page, from the inbox's link.
      await page.goto(localized('/dashboard/inbox', locale));
      await page.getByRole('link', { name: replies.open }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(replies.title);
      const form = page.getByRole('form', { name: replies.new });
      const title = `Install ${Date.now()}`;
      await form.getByLabel(replies.fields.title).fill(title);
      await form.getByLabel(replies.fields.textEn).fill('Hi {{visitor.name}}, paste the snippet into your page.');
      await form.getByLabel(replies.fields.textDe).fill('Hallo {{visitor.vorname}}, fügen Sie das Snippet ein.');
      await form.getByRole('button', { name: replies.create }).click();
      await expect(form.getByText(m.Api.fields.placeholder)).toBeVisible();
      await form.getByLabel(replies.fields.textDe).fill('Hallo {{visitor.name}}, fügen Sie das Snippet ein.');
      await form.getByRole('button', { name: replies.create }).click();
      await expect(page.getByText(replies.created)).toBeVisible();
      const list = page.getByRole('list', { name: replies.list });
      await expect(list.getByRole('heading', { name: title })).toBeVisible();
      await expect(list.getByText('Hallo {{visitor.name}}, fügen Sie das Snippet ein.')).toBeVisible();
      await expect(form.getByLabel(replies.fields.title)).toHaveValue('');
      expect(await axeViolations(page)).toEqual([]);

      // A German visitor gives their name and writes.
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();
      const guest = await visitor(browser, site.origin);
      await guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
      await guest.widget.getByLabel(w.nameLabel).fill('Jana');
      const question = `Wie installiere ich das? ${Date.now()}`;
      const composer = guest.widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(question);
      await composer.getByRole('button', { name: w.send }).click();

      // The operator answers with `/`, a few letters of the title and Enter.
      await page.getByRole('navigation', { name: inbox.list }).getByRole('button', { name: question }).click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: 'Jana' }) });
      const field = thread.getByRole('form', { name: inbox.reply }).getByLabel(inbox.reply);
      await field.pressSequentially('/');
      const picker = thread.getByRole('listbox', { name: inbox.picker.label });
      await expect(picker.getByRole('option', { name: title })).toBeVisible();
      await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
      expect(await axeViolations(page)).toEqual([]);
      await field.pressSequentially(title.split(' ')[1]);
      await expect(picker.getByRole('option')).toHaveCount(1);
      await field.press('Enter');
      await expect(picker).toBeHidden();
      const german = 'Hallo Jana, fügen Sie das Snippet ein.';
      await expect(field).toHaveValue(german);
      // Still editable before it goes.
      await field.press('End');
      await field.pressSequentially(' Gruß');
      await field.press('Enter');

      const said = guest.widget.getByRole('log', { name: w.messages });
      await expect(said.getByText(`${german} Gruß`)).toBeVisible();
      await guest.context.close();
    } finally {
      await site.close();
    }
  });
}
