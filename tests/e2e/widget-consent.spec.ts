// Issue 37: the owner's pre-chat note and consent line, set in the dashboard's form, in the widget on a customer's
// site in the visitor's language; nothing of the widget in the visitor's browser until they write, and from
// their first message on the token that keeps their conversations.
import { chromium, type Locator } from '@playwright/test';
import { axeViolations, expect, localesUnderTest, localized, messages, test } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor } from './host-site';

/** What the widget's frame keeps in its browser: storage, cookies, IndexedDB, Cache Storage, service workers. */
async function frameStorage(frameElement: Locator) {
  const frame = await (await frameElement.elementHandle())!.contentFrame();
  return frame!.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    cookie: document.cookie,
    indexedDB: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}

const NOTHING = { localStorage: [], sessionStorage: [], cookie: '', indexedDB: [], caches: [], serviceWorkers: 0 };

for (const locale of localesUnderTest) {
  const other = locale === 'en' ? 'de' : 'en';
  test(`the pre-chat note and consent line before the first message, nothing stored until then (${locale})`, async ({
    page,
    consoleErrors,
  }, testInfo) => {
    // Many steps: on a loaded 2-core CI host this takes longer than the default 30 s.
    test.setTimeout(90_000);
    // The refused address answers 400, which the browser logs.
    consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/widgets\/[^/]+\)$/);
    const e = messages[locale].Dashboard.widgets.form;
    const w = messages[locale].Widget;
    const site = await hostSite();
    // Playwright turns off Chromium's storage partitioning, and a frame of another site then gets no storage at
    // all; everyday browsers partition it, and so does this one (as in widget-launcher.spec.ts).
    const launch = testInfo.project.use.launchOptions!;
    const browser = await chromium.launch({
      ...launch,
      args: [...(launch.args ?? []), '--disable-features=MediaRouter'],
    });
    try {
      await signIn(page, undefined, locale);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
      await page.goto(localized(`/dashboard/widgets?widget=${widgetId}`, locale));
      await page.locator('html[data-hydrated="true"]').waitFor();
      const form = page.getByRole('form', { name: `${e.editTitle}: Shop help` });
      const notes = { [locale]: `Note ${locale} ${Date.now()}`, [other]: `Note ${other} ${Date.now()}` };
      await form.getByLabel(e.preChatNote, { exact: true }).fill(notes[locale]);
      const language = messages[locale].LocaleSwitcher.names[other];
      await form.getByLabel(e.preChatNoteIn.replace('{language}', language)).fill(notes[other]);
      const policy = form.getByLabel(e.privacyPolicy);
      await expect(policy).toHaveAccessibleDescription(e.privacyPolicyHint);
      await form.getByLabel(e.theme).selectOption('dark');
      await expect(form.getByLabel(e.theme)).toHaveAccessibleDescription(e.themeHint);
      // An address that is not https is refused, named at the field, in the owner's language.
      await policy.fill('http://shop.example/privacy');
      await form.getByRole('button', { name: e.save }).click();
      await expect(policy).toHaveAccessibleDescription(messages[locale].Api.fields.httpsUrl);
      await expect(policy).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page)).toEqual([]);
      await policy.fill('https://shop.example/privacy');
      await form.getByRole('button', { name: e.save }).click();
      await expect(page.locator('[data-toast-type="success"]', { hasText: e.saved })).toBeVisible();
      await page.reload();
      const saved = page.getByRole('form', { name: `${e.editTitle}: Shop help` });
      await expect(saved.getByLabel(e.privacyPolicy)).toHaveValue('https://shop.example/privacy');
      await expect(saved.getByLabel(e.theme)).toHaveValue('dark');
      await expect(saved.getByLabel(e.preChatNote, { exact: true })).toHaveValue(notes[locale]);

      // A visitor in the widget's language: the note and the consent line, and nothing stored anywhere.
      site.setPage({ body: snippet(widgetId), lang: locale });
      const guest = await visitor(browser, site.origin, { locale: { en: 'en-GB', de: 'de-DE' }[locale] });
      await guest.widget.getByRole('button', { name: w.open.replace('{name}', 'Shop help') }).click();
      const start = guest.widget.getByRole('region', { name: w.startTitle });
      await expect(start.getByText(notes[locale])).toBeVisible();
      const link = start.getByRole('link', { name: w.privacyPolicy + w.newTab });
      await expect(link).toHaveAttribute('href', 'https://shop.example/privacy');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(start.getByText(w.consent.split('{link}')[0].trim(), { exact: false })).toBeVisible();
      // The message field has the focus; the next stop (the send button waits for a text) is the link, ringed.
      await expect(start.getByRole('textbox', { name: w.message })).toBeFocused();
      await guest.page.keyboard.press('Tab');
      await expect(link).toBeFocused();
      expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
      expect(await axeViolations(guest.page)).toEqual([]);
      expect(await frameStorage(guest.frame)).toEqual(NOTHING);
      expect(await guest.context.cookies()).toEqual([]);
      expect(await guest.page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
        0,
        0,
        '',
      ]);

      // The first message: the consent line goes, the token is kept (and nothing else).
      const question = `Consent ${locale} ${Date.now()}`;
      await start.getByRole('textbox', { name: w.message }).fill(question);
      await start.getByRole('button', { name: w.send }).click();
      await expect(guest.widget.getByRole('log').getByText(question)).toBeVisible();
      await expect(guest.widget.getByRole('link', { name: w.privacyPolicy + w.newTab })).toHaveCount(0);
      const stored = await frameStorage(guest.frame);
      expect(stored).toEqual({ ...NOTHING, localStorage: [expect.stringContaining(widgetId)] });
      expect(await guest.context.cookies()).toEqual([]);

      // A reload keeps the conversation: the returning visitor opens it from their list.
      await guest.page.reload();
      await guest.widget.getByRole('button', { name: new RegExp(`^${w.open.replace('{name}', 'Shop help')}`) }).click();
      await expect(guest.widget.getByText(question)).toBeVisible();
      await expect(guest.widget.getByRole('link', { name: w.privacyPolicy + w.newTab })).toHaveCount(0);
      await guest.context.close();

      // A visitor who reads the other language gets the note in it.
      site.setPage({ body: snippet(widgetId), lang: other });
      const reader = await visitor(browser, site.origin, { locale: { en: 'en-GB', de: 'de-DE' }[other] });
      const o = messages[other].Widget;
      await reader.widget.getByRole('button', { name: o.open.replace('{name}', 'Shop help') }).click();
      const theirs = reader.widget.getByRole('region', { name: o.startTitle });
      await expect(theirs.getByText(notes[other])).toBeVisible();
      await expect(theirs.getByRole('link', { name: o.privacyPolicy + o.newTab })).toBeVisible();
      expect(await frameStorage(reader.frame)).toEqual(NOTHING);
      await reader.context.close();
    } finally {
      await browser.close();
      await site.close();
    }
  });
}
