// The widget's settings at work on a customer's site: identity verification of its signed-in users, the
// visitor's language, the launcher's side, the live preview and snippet; limits a visitor cannot reset.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeViolations, expect, localesUnderTest, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor, type HostSite } from './host-site';
import { baseURL, e2ePostsPerWindow } from '../../playwright.config';

const w = messages.en.Widget;
const open = (name = 'Shop help') => w.open.replace('{name}', name);

/** The signed-in owner's new widget for `site`, its settings open in the dashboard. */
async function widgetSettings(page: Page, site: HostSite) {
  await signIn(page);
  const widgetId = await createWidget(page, { allowedOrigins: [site.origin] });
  await page.goto(`/dashboard/widgets?widget=${widgetId}`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: `${messages.en.Dashboard.widgets.form.editTitle}: Shop help` });
  return { widgetId, form };
}

test('a verified user sees their history on a fresh device; a wrong hash is refused', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // The claim with a wrong hash is refused by the server (403), which the browser logs.
  consoleErrors.allow(/status of 403 \(Forbidden\) \(http:\/\/[^)]+\/api\/widgets\/[^/]+\/visitors\)$/);
  const site = await hostSite();
  try {
    await signIn(page);
    const widgetId = await createWidget(page, { allowedOrigins: [site.origin] });
    const rotated = await page.request.post(`/api/widgets/${widgetId}/secret`, { headers: { origin: baseURL } });
    const { secret } = await rotated.json();
    const user = { id: `customer-${Date.now()}`, email: 'ada@example.com', name: 'Ada Lovelace' };
    const hash = createHmac('sha256', secret).update(user.id).digest('hex');
    // The address and name signed too: the inbox marks them verified.
    const detailsHash = createHmac('sha256', secret).update(`${user.id}\n${user.email}\n${user.name}`).digest('hex');
    site.setPage({ body: snippet(widgetId, { ...user, hash, detailsHash }) });

    const first = await visitor(browser, site.origin);
    await first.widget.getByRole('button', { name: open() }).click();
    await expect(first.widget.getByText(w.verifiedAs.replace('{name}', 'Ada Lovelace'))).toBeVisible();
    const question = `Where is order 17? ${Date.now()}`;
    await first.widget.getByRole('form', { name: w.composer }).getByLabel(w.message).fill(question);
    await first.widget.getByRole('form', { name: w.composer }).getByRole('button', { name: w.send }).click();
    await expect(first.widget.getByRole('log').getByText(question)).toBeVisible();
    await first.context.close();

    // Another device: a fresh browser context, the same signed-in user, the same conversation.
    const second = await visitor(browser, site.origin);
    await second.widget.getByRole('button', { name: open() }).click();
    await second.widget
      .getByRole('navigation', { name: w.conversations })
      .getByRole('button', { name: question })
      .click();
    await expect(second.widget.getByRole('log').getByText(question)).toBeVisible();
    await second.context.close();

    // The owner's inbox marks the visitor verified, with the customer's name and address.
    await page.goto('/dashboard/inbox');
    const entry = page
      .getByRole('navigation', { name: messages.en.Dashboard.inbox.list })
      .getByRole('button', { name: question });
    await expect(entry).toContainText('Ada Lovelace');
    await expect(entry).toContainText(messages.en.Dashboard.inbox.verified);
    await entry.click();
    const details = page.getByRole('definition').filter({ hasText: user.id });
    await expect(details).toHaveText(`${user.id}${messages.en.Dashboard.inbox.verified}`);

    // The same id and hash beside another name, unsigned: it never replaces the name the customer's server signed.
    site.setPage({ body: snippet(widgetId, { ...user, hash, name: 'The CEO' }) });
    const claimant = await visitor(browser, site.origin);
    await claimant.widget.getByRole('button', { name: open() }).click();
    await expect(claimant.widget.getByText(w.verifiedAs.replace('{name}', 'Ada Lovelace'))).toBeVisible();
    await claimant.context.close();
    await page.reload();
    await expect(entry).toContainText('Ada Lovelace');
    await expect(entry).toContainText(messages.en.Dashboard.inbox.verified);
    await expect(entry).not.toContainText('The CEO');

    // A wrong hash: refused with a clear message, never shown as that user.
    site.setPage({
      body: snippet(widgetId, { ...user, hash: createHmac('sha256', 'guessed').update(user.id).digest('hex') }),
    });
    const forger = await visitor(browser, site.origin);
    await forger.widget.getByRole('button', { name: open() }).click();
    await expect(forger.widget.getByRole('alert').filter({ hasText: /\w/ })).toHaveText(
      messages.en.Api.errors.identityUnverified,
    );
    await expect(forger.widget.getByText(question)).toHaveCount(0);
    await forger.context.close();
  } finally {
    await site.close();
  }
});

/** A new owner's form for a first widget, in `locale`, named "Shop help". */
async function newWidgetForm(page: Page, locale: Locale) {
  const e = messages[locale].Dashboard.widgets.form;
  await signIn(page, undefined, locale);
  await page.goto(localized('/dashboard/widgets', locale));
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: e.title });
  await form.getByLabel(e.name).fill('Shop help');
  return form;
}

// A customer testing on their own computer (issue 33): `http://127.0.0.1:<port>` is allowed, through the form,
// the frame's frame-ancestors and the visitor's conversation; every refused origin says why.
for (const locale of localesUnderTest) {
  test(`a site on http://127.0.0.1 shows the widget, and each refused origin says why (${locale})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    // The refused origins answer 400, which the browser logs.
    consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/widgets\?workspace=[0-9a-f-]{36}\)$/);
    const m = messages[locale];
    const e = m.Dashboard.widgets.form;
    const site = await hostSite({ hostname: '127.0.0.1' });
    try {
      const form = await newWidgetForm(page, locale);
      const origins = form.getByLabel(e.origins);
      const refused = {
        'http://shop.example.com': m.Api.fields.originHttp,
        'https://shop.example.com/help': m.Api.fields.originPath,
        'https://*.example.com': m.Api.fields.originWildcard,
        'shop.example.com': m.Api.fields.originNoScheme,
        'http://[::1]:8000': m.Api.fields.originIpv6,
      };
      await origins.fill([site.origin, '', ...Object.keys(refused)].join('\n'));
      await form.getByRole('button', { name: e.submit }).click();
      await expect(form.locator(`#${await origins.getAttribute('id')}-error li`)).toHaveText(
        Object.entries(refused).map(([origin, message]) =>
          e.originError.replace('{origin}', origin).replace('{message}', message),
        ),
      );
      await expect(origins).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page)).toEqual([]);

      await origins.fill(site.origin);
      await form.getByRole('button', { name: e.submit }).click();
      await expect(page.locator('[data-toast-type="success"]', { hasText: e.saved })).toBeVisible();
      await expect(page).toHaveURL(/[?&]widget=/);
      const widgetId = new URL(page.url()).searchParams.get('widget')!;

      site.setPage({ body: snippet(widgetId), lang: locale });
      const guest = await visitor(browser, site.origin);
      const w = m.Widget;
      await guest.widget.getByRole('button', { name: w.open.replace('{name}', 'Shop help') }).click();
      const question = `Testing on 127.0.0.1 ${Date.now()}`;
      await guest.widget.getByRole('form', { name: w.composer }).getByLabel(w.message).fill(question);
      await guest.widget.getByRole('form', { name: w.composer }).getByRole('button', { name: w.send }).click();
      await expect(guest.widget.getByRole('log').getByText(question)).toBeVisible();
      await guest.context.close();
    } finally {
      await site.close();
    }
  });
}

// The landing page promises every visitor their own language (issue 33): a widget made with the form's
// defaults follows the visitor; the owner can keep one language for everybody.
for (const locale of localesUnderTest) {
  const other = locale === 'en' ? 'de' : 'en';
  test(`a new widget speaks the visitor’s language by default, and one language once the owner says so (${locale})`, async ({
    page,
    browser,
  }) => {
    const e = messages[locale].Dashboard.widgets.form;
    const open = (language: typeof locale) => messages[language].Widget.open.replace('{name}', 'Shop help');
    const browserLocale = { en: 'en-GB', de: 'de-DE' }[other];
    const site = await hostSite();
    try {
      const form = await newWidgetForm(page, locale);
      await form.getByLabel(e.origins).fill(site.origin);
      await expect(form.getByLabel(e.language, { exact: true })).toHaveValue(locale);
      const fixed = form.getByRole('checkbox', { name: e.fixedLanguage });
      await expect(fixed).not.toBeChecked();
      await expect(fixed).toHaveAccessibleDescription(e.fixedLanguageHint);
      // The greeting in the widget's language, and in the other one for visitors who read that.
      const greetings = { [locale]: `Greeting ${locale} ${Date.now()}`, [other]: `Greeting ${other} ${Date.now()}` };
      await form.getByLabel(e.greeting, { exact: true }).fill(greetings[locale]);
      const language = messages[locale].LocaleSwitcher.names[other];
      await expect(form.getByRole('group', { name: e.translations.replace('{language}', language) })).toBeVisible();
      await form.getByLabel(e.greetingIn.replace('{language}', language)).fill(greetings[other]);
      await form.getByRole('button', { name: e.submit }).click();
      await expect(page).toHaveURL(/[?&]widget=/);
      const widgetId = new URL(page.url()).searchParams.get('widget')!;

      // A page and a browser in the other language: the widget speaks it.
      site.setPage({ body: snippet(widgetId), lang: other });
      const guest = await visitor(browser, site.origin, { locale: browserLocale });
      await guest.widget.getByRole('button', { name: open(other) }).click();
      await expect(guest.widget.locator('html')).toHaveAttribute('lang', other);
      await expect(guest.widget.getByRole('form', { name: messages[other].Widget.composer })).toBeVisible();
      await expect(guest.widget.getByText(greetings[other])).toBeVisible();
      await guest.context.close();

      const settings = page.getByRole('form', { name: `${e.editTitle}: Shop help` });
      await expect(settings.getByRole('checkbox', { name: e.fixedLanguage })).not.toBeChecked();
      await settings.getByRole('checkbox', { name: e.fixedLanguage }).check();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/widgets/${widgetId}`) && r.request().method() === 'PATCH',
      );
      await settings.getByRole('button', { name: e.save }).click();
      expect((await saved).status()).toBe(200);
      const again = await visitor(browser, site.origin, { locale: browserLocale });
      await again.widget.getByRole('button', { name: open(locale) }).click();
      await expect(again.widget.getByText(greetings[locale])).toBeVisible();
      await again.context.close();
    } finally {
      await site.close();
    }
  });
}

test('a widget that follows the visitor speaks German on a German page and in a German browser', async ({
  page,
  browser,
}) => {
  const site = await hostSite();
  try {
    await signIn(page);
    const widgetId = await createWidget(page, {
      allowedOrigins: [site.origin],
      locale: 'en',
      followPageLanguage: true,
    });
    const de = messages.de.Widget;
    site.setPage({ body: snippet(widgetId), lang: 'de-AT' });
    const onGermanPage = await visitor(browser, site.origin);
    await onGermanPage.widget.getByRole('button', { name: de.open.replace('{name}', 'Shop help') }).click();
    await expect(onGermanPage.widget.locator('html')).toHaveAttribute('lang', 'de');
    await expect(onGermanPage.widget.getByRole('form', { name: de.composer })).toBeVisible();
    expect(await axeViolations(onGermanPage.page)).toEqual([]);
    await onGermanPage.context.close();

    // No language on the page: the browser's.
    site.setPage({ body: snippet(widgetId), lang: undefined });
    const germanBrowser = await visitor(browser, site.origin, { locale: 'de-DE' });
    await expect(
      germanBrowser.widget.getByRole('button', { name: de.open.replace('{name}', 'Shop help') }),
    ).toBeVisible();
    await germanBrowser.context.close();
    // An English page in a German browser: the page's language wins.
    site.setPage({ body: snippet(widgetId), lang: 'en' });
    const englishPage = await visitor(browser, site.origin, { locale: 'de-DE' });
    await expect(englishPage.widget.getByRole('button', { name: open() })).toBeVisible();
    await englishPage.context.close();
  } finally {
    await site.close();
  }
});

test('the preview and the snippet follow the settings before saving; the launcher moves to the left', async ({
  page,
  browser,
}) => {
  const site = await hostSite();
  const e = messages.en.Dashboard.widgets;
  try {
    const { widgetId, form } = await widgetSettings(page, site);
    // The edited widget's preview (the page also previews a new widget's form).
    const preview = page.locator('section[aria-labelledby="widget-edit-title-preview"] [data-widget-preview]');
    await form.getByLabel(e.form.name).fill('Help & Co');
    await expect(preview.locator('[data-preview-name]')).toHaveText('Help & Co');
    await expect(page.locator('[data-snippet="snippet-script"]')).toContainText('data-title="Help &amp; Co"');
    await form.getByLabel(e.form.positions.left).check();
    await expect(preview).toHaveAttribute('data-position', 'left');
    await form.getByLabel(e.form.awayMessage, { exact: true }).fill('Back on Monday.');
    await expect(preview.getByText('Back on Monday.')).toBeVisible();
    await form.getByLabel(e.form.hoursEnabled).check();
    await expect(preview.getByText(messages.en.Widget.hours.split(' (')[0])).toBeVisible();
    await form.getByRole('button', { name: e.form.save }).click();
    await expect(page.locator('[data-toast-type="success"]', { hasText: e.form.saved })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    site.setPage({ body: snippet(widgetId) });
    const guest = await visitor(browser, site.origin);
    await expect(guest.widget.getByRole('button', { name: open('Help & Co') })).toBeVisible();
    await expect.poll(async () => (await guest.frame.boundingBox())?.x).toBe(16);
    await guest.context.close();
  } finally {
    await site.close();
  }
});

test('rotating X-Forwarded-For or cookies does not reset a visitor’s limit at the real server', async ({
  page,
  playwright,
}) => {
  await signIn(page);
  const widgetId = await createWidget(page, { allowedOrigins: [] });
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const started = await (await api.post(`/api/widgets/${widgetId}/visitors`, { data: {} })).json();
    const headers = { authorization: `Bearer ${started.token}` };
    const first = await api.post(`/api/widgets/${widgetId}/conversations`, { data: { text: 'hello' }, headers });
    expect(first.status()).toBe(201);
    const { conversation } = await first.json();
    for (let i = 1; i < e2ePostsPerWindow; i++)
      expect(
        (
          await api.post(`/api/widgets/${widgetId}/conversations/${conversation.id}/messages`, {
            data: { text: `m${i}` },
            headers,
          })
        ).status(),
      ).toBe(201);
    for (let i = 0; i < 8; i++) {
      const rotated = await api.post(`/api/widgets/${widgetId}/conversations/${conversation.id}/messages`, {
        data: { text: `rotated ${i}` },
        headers: { ...headers, 'x-forwarded-for': `203.0.113.${i + 1}`, cookie: `chat_guest=rotated-${i}` },
      });
      expect(rotated.status()).toBe(429);
    }
  } finally {
    await api.dispose();
  }
});

test('the owner sets how many new chats one network may start; a visitor past it reads when to try again', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Many steps: on a loaded 2-core CI host this takes longer than the default 30 s.
  test.setTimeout(90_000);
  // The refused setting (400) and the refused start (429) are the server's answers, which the browser logs.
  consoleErrors.allow(
    /status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/widgets\/[^/]+\)$/,
    /status of 429 \(Too Many Requests\) \(http:\/\/[^)]+\/api\/widgets\/[^/]+\/visitors\)$/,
  );
  const site = await hostSite();
  const e = messages.en.Dashboard.widgets;
  try {
    const { widgetId, form } = await widgetSettings(page, site);
    const ceiling = form.getByLabel(e.form.visitorsPerHour);
    // Empty: the service's default, which the hint names (CHAT_VISITORS_PER_HOUR of the tests' server).
    await expect(ceiling).toHaveValue('');
    await expect(ceiling).toHaveAccessibleDescription(e.form.visitorsPerHourHint.replace('{default}', '10,000'));
    await ceiling.fill('0');
    await form.getByRole('button', { name: e.form.save }).click();
    await expect(ceiling).toHaveAccessibleDescription(messages.en.Api.fields.tooSmall.replace('{min}', '1'));
    await ceiling.fill('1');
    await form.getByRole('button', { name: e.form.save }).click();
    await expect(page.locator('[data-toast-type="success"]', { hasText: e.form.saved })).toBeVisible();
    await expect(ceiling).toHaveValue('1');
    expect(await axeViolations(page)).toEqual([]);

    // The same field in German.
    await page.goto(`/de/dashboard/widgets?widget=${widgetId}`);
    const de = messages.de.Dashboard.widgets.form;
    await expect(page.getByLabel(de.visitorsPerHour).first()).toHaveAccessibleDescription(
      de.visitorsPerHourHint.replace('{default}', '10.000'),
    );

    site.setPage({ body: snippet(widgetId) });
    const first = await visitor(browser, site.origin);
    await first.widget.getByRole('button', { name: open() }).click();
    const composer = first.widget.getByRole('form', { name: w.composer });
    await composer.getByLabel(w.message).fill('The first new chat');
    await composer.getByRole('button', { name: w.send }).click();
    await expect(first.widget.getByRole('log').getByText('The first new chat')).toBeVisible();
    await first.context.close();
    // The next new visitor from this address within the hour reads the widget (a visitor is made only when
    // they write, issue 37), and is told when to come back once they write.
    const second = await visitor(browser, site.origin);
    await second.widget.getByRole('button', { name: open() }).click();
    const again = second.widget.getByRole('form', { name: w.composer });
    await expect(again).toBeVisible();
    await expect(second.widget.getByRole('alert').filter({ hasText: /\w/ })).toHaveCount(0);
    await again.getByLabel(w.message).fill('A second new chat');
    await again.getByRole('button', { name: w.send }).click();
    await expect(second.widget.getByRole('alert').filter({ hasText: /\w/ })).toHaveText(
      'Too many new chats from your network. Please try again in 1 hour.',
    );
    expect(await axeViolations(second.page)).toEqual([]);
    await second.context.close();
  } finally {
    await site.close();
  }
});
