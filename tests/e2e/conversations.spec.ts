// Private conversations in the browser: a customer's site on another port embeds the snippet; each
// visitor (a browser context of their own) sees only their own conversation; the owner's inbox gets
// everything live, in both languages.
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { createAccount, grantAdmin, signIn, signInThroughForm } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';
import { baseURL } from '../../playwright.config';

for (const locale of ['en', 'de'] as Locale[]) {
  const w = messages[locale].Widget;
  const inbox = messages[locale].Dashboard.inbox;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

  test(`two visitors, one inbox: private, live, typing, seen, away and e-mail (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const site = await hostSite();
    try {
      const owner = await signIn(page);
      const away = locale === 'de' ? 'Wir sind im Urlaub.' : 'We are on holiday.';
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale, awayMessage: away });
      site.setPage({ body: snippet(widgetId), lang: locale });
      await page.goto(localized('/dashboard/inbox', locale));
      await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();

      // Two visitors write; each sees their own words only.
      const [ada, bea] = [await visitor(browser, site.origin), await visitor(browser, site.origin)];
      const texts = {
        ada: `My order 4711 went to Lindenstraße 5 ${Date.now()}`,
        bea: `Do you ship to Vienna? ${Date.now()}`,
      };
      for (const [who, person] of [
        ['ada', ada],
        ['bea', bea],
      ] as const) {
        await person.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) }).click();
        await expect(person.widget.getByText(w.available)).toBeVisible();
        const composer = person.widget.getByRole('form', { name: w.composer });
        await composer.getByLabel(w.message).fill(texts[who]);
        await composer.getByRole('button', { name: w.send }).click();
        await expect(person.widget.getByRole('log', { name: w.messages }).getByText(texts[who])).toBeVisible();
      }
      await expect(ada.widget.getByText(texts.bea)).toHaveCount(0);
      await expect(bea.widget.getByText(texts.ada)).toHaveCount(0);

      // The inbox has both, live, without a reload; the owner answers Ada.
      const list = page.getByRole('navigation', { name: inbox.list });
      await expect(list.getByRole('button', { name: texts.ada })).toBeVisible();
      await expect(list.getByRole('button', { name: texts.bea })).toBeVisible();
      // Two conversations with unread messages: the navigation says so.
      const badge = page
        .getByRole('navigation', { name: messages[locale].Dashboard.navLabel })
        .locator('[data-unread-badge]');
      await expect(badge).toHaveText(`2${fill(messages[locale].Dashboard.nav.unread, { count: '2' })}`);
      await list.getByRole('button', { name: texts.ada }).click();
      const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
      await expect(thread.getByRole('log').getByText(texts.ada)).toBeVisible();
      await expect(thread.getByText('Shop help')).toBeVisible();
      // Opened, it is read: Ada sees her message seen, and one conversation is left unread.
      await expect(ada.widget.getByText(w.seen, { exact: true })).toBeVisible();
      await expect(badge).toHaveText(`1${fill(messages[locale].Dashboard.nav.unread, { count: '1' })}`);
      const answer = thread.getByRole('form', { name: inbox.reply });
      await answer.getByLabel(inbox.reply).pressSequentially('Let me check');
      await expect(ada.widget.getByText(w.typing)).toBeVisible();
      await answer.getByLabel(inbox.reply).fill(`It arrives tomorrow. ${Date.now()}`);
      await answer.getByRole('button', { name: inbox.send }).click();
      await expect(ada.widget.getByRole('log').getByText(/It arrives tomorrow/)).toBeVisible();
      await expect(bea.widget.getByText(/It arrives tomorrow/)).toHaveCount(0);
      // Ada has the widget open: the owner sees the answer was seen; Ada types, the owner sees it.
      await expect(thread.getByText(inbox.seen, { exact: true })).toBeVisible();
      await ada.widget.getByRole('form', { name: w.composer }).getByLabel(w.message).pressSequentially('Thank');
      await expect(thread.getByText(fill(inbox.typing, { name: inbox.anonymous }))).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // The owner sets the widgets away: the widget says so with the away message and asks for an address.
      await page
        .getByRole('group', { name: inbox.presence.label })
        .getByText(inbox.presence.away, { exact: true })
        .click();
      await expect(bea.widget.getByText(w.away)).toBeVisible();
      await expect(bea.widget.getByText(away)).toBeVisible();
      const email = `bea-${Date.now()}@example.com`;
      const form = bea.widget.getByRole('form', { name: w.emailPrompt });
      await form.getByLabel(w.emailLabel).fill(email);
      await form.getByRole('button', { name: w.emailSave }).click();
      await expect(bea.widget.getByText(fill(w.emailSaved, { email }))).toBeVisible();
      const later = `Are you there? ${Date.now()}`;
      await bea.widget.getByRole('form', { name: w.composer }).getByLabel(w.message).fill(later);
      await bea.widget.getByRole('form', { name: w.composer }).getByRole('button', { name: w.send }).click();
      expect(await axeViolations(bea.page)).toEqual([]);

      // The owner leaves the dashboard: once its stream's grace for a reload (15 s) has passed, the next sweep
      // (every 30 s) puts the e-mail alert in the local mailbox, with the waiting message.
      const subject = messages[locale].Mail.visitorWaiting.subject
        .replace('{visitor}', email)
        .replace('{widget}', 'Shop help');
      await expect
        .poll(
          async () => {
            await page.goto(`${localized('/mailbox', locale)}?to=${encodeURIComponent(owner.email)}`);
            return page.getByRole('article', { name: subject }).count();
          },
          { timeout: 60_000, intervals: [2_000] },
        )
        .toBe(1);
      await expect(page.getByRole('article', { name: subject })).toContainText(later);

      // Bea asks for the transcript at her address: it has not been confirmed, so a link goes there first.
      await bea.widget.locator('summary', { hasText: w.transcript }).click();
      const transcriptForm = bea.widget.getByRole('form', { name: w.transcript });
      await transcriptForm.getByLabel(w.emailLabel).fill(email);
      await transcriptForm.getByRole('button', { name: w.transcriptSend }).click();
      await expect(
        bea.widget.getByRole('status').filter({ hasText: fill(w.transcriptConfirm, { email }) }),
      ).toBeVisible();
      const mailbox = `${localized('/mailbox', locale)}?to=${encodeURIComponent(email)}`;
      const asking = fill(messages[locale].Mail.transcriptConfirmation.subject, { widget: 'Shop help' });
      await page.goto(mailbox);
      const request = page.getByRole('article', { name: asking });
      await expect(request).not.toContainText(later);
      const link = await request.getByRole('link').getAttribute('href');
      await page.goto(link!);
      const t = messages[locale].Transcript;
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await page.locator('html[data-hydrated="true"]').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByRole('status').filter({ hasText: fill(t.sent, { email }) })).toBeVisible();
      const sent = fill(messages[locale].Mail.transcript.subject, { widget: 'Shop help' });
      await expect
        .poll(async () => {
          await page.goto(mailbox);
          return page.getByRole('article', { name: sent }).count();
        })
        .toBe(1);
      await expect(page.getByRole('article', { name: sent })).toContainText(later);
      await Promise.all([ada.context.close(), bea.context.close()]);
    } finally {
      await site.close();
    }
  });
}

test('Plauder answers its own visitors: the landing page’s widget, answered by support staff', async ({
  page,
  browser,
}) => {
  const w = messages.en.Widget;
  const guest = await visitor(browser, `${baseURL}/`);
  await expect(guest.page.locator('iframe[data-chat-widget="plauder-support"]')).toBeAttached();
  await guest.widget.getByRole('button', { name: w.open.replace('{name}', 'Plauder') }).click();
  const question = `Which plan fits a shop with two sites? ${Date.now()}`;
  await guest.widget.getByRole('form', { name: w.composer }).getByLabel(w.message).fill(question);
  await guest.widget.getByRole('form', { name: w.composer }).getByRole('button', { name: w.send }).click();
  await expect(guest.widget.getByRole('log').getByText(question)).toBeVisible();

  // Support staff (the admin claim) answer from the support workspace's inbox.
  const account = await createAccount(page.request);
  await grantAdmin(page.request, account.uid);
  await signInThroughForm(page, account);
  await page.goto('/dashboard/inbox');
  const workspaces = messages.en.Dashboard.workspaces;
  const support = workspaces.option.replace('{name}', 'Plauder support').replace('{role}', workspaces.roles.admin);
  await page.getByLabel(workspaces.label, { exact: true }).selectOption({ label: support });
  await expect(page.getByLabel(workspaces.label, { exact: true }).locator('option:checked')).toHaveText(support);
  const inbox = messages.en.Dashboard.inbox;
  const entry = page.getByRole('navigation', { name: inbox.list }).getByRole('button', { name: question });
  await expect(entry).toContainText('Plauder');
  await entry.click();
  const answer = page.getByRole('form', { name: inbox.reply });
  await answer.getByLabel(inbox.reply).fill('The Starter plan has two widgets.');
  await answer.getByRole('button', { name: inbox.send }).click();
  await expect(guest.widget.getByRole('log').getByText('The Starter plan has two widgets.')).toBeVisible();
  await guest.context.close();
});
