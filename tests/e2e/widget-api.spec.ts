// The widget's JavaScript API on a customer's page (issue 37, points 2 and 3; README "The JavaScript API"): the
// README's stub queues calls before the loader comes; the page opens, closes and toggles the widget, sets its
// language and the visitor's attributes, signs in its user with a token its server signed, and hears the
// widget's events (the page records them in `window.heard`, which the test reads).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { Page } from '@playwright/test';
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet, visitor, type HostSite } from './host-site';
import { baseURL } from '../../playwright.config';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);
/** The stub exactly as the README tells a customer to paste it. */
const stub = /<script>\s*(window\.Plauder[\s\S]*?)<\/script>/.exec(
  readFileSync(join(process.cwd(), 'README.md'), 'utf8'),
)![1];
/** Every event the page's listeners hear, registered before the loader comes. */
const recorder = `window.heard = [];
['ready', 'open', 'close', 'message', 'unread'].forEach(function (name) {
  Plauder('on', name, function (detail) { window.heard.push(detail === undefined ? [name] : [name, detail]); });
});`;

/** A customer's page: the stub, the recorder, the page's own calls (`calls`, before the loader), the snippet. */
function apiPage(widgetId: string, calls = '') {
  return `<script>${stub}</script><script>${recorder}${calls}</script>${snippet(widgetId)}`;
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: unknown[][] }).heard);
/** The events but the unread counts (which come as the visitor's conversations load). */
const moves = async (page: Page) => (await heard(page)).filter(([name]) => name !== 'unread');
const call = (page: Page, ...args: unknown[]) =>
  page.evaluate((a) => (window as unknown as { Plauder: (...x: unknown[]) => void }).Plauder(...a), args);

/** The owner (signed in on `page`) and a new widget of theirs for `site`, in `locale`. */
async function ownWidget(page: Page, site: HostSite, locale: Locale) {
  await signIn(page, undefined, locale);
  return createWidget(page, { allowedOrigins: [site.origin], locale });
}

/** The browser of a visitor who reads `locale` (its Accept-Language: the server's refusals speak it too). */
const browserLocale = { en: 'en-US', de: 'de-DE' } as const;

for (const locale of ['en', 'de'] as Locale[]) {
  const other: Locale = locale === 'en' ? 'de' : 'en';
  const w = messages[locale].Widget;
  const inbox = messages[locale].Dashboard.inbox;

  test(`the page opens, closes, toggles the widget, sets its language and hears its events (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // On the widget's own site (127.0.0.1, as the app here): its storage, which a browser that blocks third-party
    // storage withholds from the frame, keeps the visitor across the reload that a new language is.
    const site = await hostSite({ hostname: '127.0.0.1' });
    try {
      const widgetId = await ownWidget(page, site, locale);
      site.setPage({ body: apiPage(widgetId), lang: locale });
      const guest = await visitor(browser, site.origin, { locale: browserLocale[locale] });
      try {
        await expect(guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) })).toBeVisible();
        await expect.poll(() => heard(guest.page)).toEqual([['ready']]);

        // From the launcher: the widget page comes, opened, as a click brings it.
        await call(guest.page, 'open');
        const composer = guest.widget.getByRole('form', { name: w.composer });
        await expect(composer).toBeVisible();
        await expect.poll(() => moves(guest.page)).toEqual([['ready'], ['open']]);
        expect(await axeViolations(guest.page)).toEqual([]);
        await call(guest.page, 'close');
        await expect(guest.widget.getByRole('button', { name: fill(w.open, { name: 'Shop help' }) })).toBeVisible();
        await call(guest.page, 'toggle');
        await expect(composer).toBeVisible();
        await expect.poll(() => moves(guest.page)).toEqual([['ready'], ['open'], ['close'], ['open']]);

        // The visitor writes, the page closes the chat, and the operator's answer reaches the page's listeners.
        const question = `Is the API queued? ${Date.now()}`;
        await composer.getByLabel(w.message).fill(question);
        await composer.getByRole('button', { name: w.send }).click();
        await expect(guest.widget.getByRole('log', { name: w.messages }).getByText(question)).toBeVisible();
        await call(guest.page, 'close');
        await page.goto(localized('/dashboard/inbox', locale));
        await page.getByRole('navigation', { name: inbox.list }).getByRole('button', { name: question }).click();
        const answer = page.getByRole('form', { name: inbox.reply });
        const reply = `Yes, it is. ${Date.now()}`;
        await answer.getByLabel(inbox.reply).fill(reply);
        await answer.getByRole('button', { name: inbox.send }).click();
        // A new visitor has nothing unread once the widget has their conversations; then the answer is.
        await expect
          .poll(() => heard(guest.page))
          .toEqual([
            ['ready'],
            ['open'],
            ['unread', 0],
            ['close'],
            ['open'],
            ['close'],
            ['message', { conversationId: expect.stringMatching(/\S/), text: reply }],
            ['unread', 1],
          ]);

        // In the other language: the frame again, closed as it was, its unread answer on the button.
        await call(guest.page, 'setLanguage', other);
        await expect(
          guest.widget.getByRole('button', {
            name: fill(messages[other].Widget.openUnread.one, { name: 'Shop help', count: '1' }),
          }),
        ).toBeVisible();
        await expect(guest.widget.locator('html')).toHaveAttribute('lang', other);
        await call(guest.page, 'open');
        await expect(
          guest.widget.getByRole('navigation', { name: messages[other].Widget.conversations }),
        ).toBeVisible();
        await expect(guest.widget.getByRole('button', { name: messages[other].Widget.close })).toBeVisible();
        expect(await axeViolations(guest.page)).toEqual([]);

        // The next page view: the launcher page alone tells the returning visitor's unread answer.
        await guest.page.reload();
        await expect.poll(() => heard(guest.page)).toEqual([['ready'], ['unread', 1]]);
        expect(guest.page.frames().some((frame) => frame.url().includes(`/embed/${widgetId}/launcher`))).toBe(true);
      } finally {
        await guest.context.close();
      }
    } finally {
      await site.close();
    }
  });

  test(`identify signs in the page’s user: right, wrong and expired tokens; attributes reach the inbox (${locale})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // The wrong and expired tokens are refused by the server (403), which the browser logs.
    consoleErrors.allow(/status of 403 \(Forbidden\) \(http:\/\/[^)]+\/api\/widgets\/[^/]+\/visitors\)$/);
    const site = await hostSite();
    try {
      const widgetId = await ownWidget(page, site, locale);
      const rotated = await page.request.post(`/api/widgets/${widgetId}/secret`, { headers: { origin: baseURL } });
      expect(rotated.status()).toBe(200);
      const { secret } = (await rotated.json()) as { secret: string };
      const user = { id: `customer-${Date.now()}`, email: `ada-${Date.now()}@example.com`, name: 'Ada Lovelace' };
      const sign = (key: string, expires: string | number) =>
        new SignJWT({ email: user.email, name: user.name })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setExpirationTime(expires)
          .sign(new TextEncoder().encode(key));
      const tokens = {
        right: await sign(secret, '10m'),
        wrong: await sign('a-secret-the-page-guessed', '10m'),
        expired: await sign(secret, Math.floor(Date.now() / 1000) - 120),
      };
      const identifying = (token: string) =>
        `Plauder('identify', { token: ${JSON.stringify(token)} });` +
        `Plauder('setAttributes', { plan: 'pro', seats: 12 }); Plauder('setAttributes', { trial: false });`;

      // Wrong, then expired: the widget shows the refusal in the visitor's language, as that user never.
      for (const [token, refusal] of [
        [tokens.wrong, messages[locale].Api.errors.identityUnverified],
        [tokens.expired, messages[locale].Api.errors.identityExpired],
      ] as const) {
        site.setPage({ body: apiPage(widgetId, identifying(token)), lang: locale });
        const refused = await visitor(browser, site.origin, { locale: browserLocale[locale] });
        try {
          await expect.poll(() => heard(refused.page)).toEqual([['ready']]);
          await call(refused.page, 'open');
          await expect(refused.widget.getByRole('alert').filter({ hasText: /\w/ })).toHaveText(refusal);
          await expect(refused.widget.getByText(fill(w.verifiedAs, { name: user.name }))).toHaveCount(0);
          expect(await axeViolations(refused.page)).toEqual([]);
          // The page's server signs again: the widget starts over as the user.
          await call(refused.page, 'identify', { token: tokens.right });
          await expect(refused.widget.getByText(fill(w.verifiedAs, { name: user.name }))).toBeVisible();
          await expect(refused.widget.getByRole('alert')).toHaveCount(0);
        } finally {
          await refused.context.close();
        }
      }

      // Right: the widget says who is signed in; the inbox shows the name and address verified, and the attributes.
      site.setPage({ body: apiPage(widgetId, identifying(tokens.right)), lang: locale });
      const guest = await visitor(browser, site.origin, { locale: browserLocale[locale] });
      const question = `Where is order 17? ${Date.now()}`;
      try {
        await call(guest.page, 'open');
        await expect(guest.widget.getByText(fill(w.verifiedAs, { name: user.name }))).toBeVisible();
        const composer = guest.widget.getByRole('form', { name: w.composer });
        await composer.getByLabel(w.message).fill(question);
        await composer.getByRole('button', { name: w.send }).click();
        await expect(guest.widget.getByRole('log').getByText(question)).toBeVisible();
        // The token never travels in an address.
        expect(guest.page.frames().every((frame) => !frame.url().includes(tokens.right))).toBe(true);
      } finally {
        await guest.context.close();
      }
      await page.goto(localized('/dashboard/inbox', locale));
      const entry = page.getByRole('navigation', { name: inbox.list }).getByRole('button', { name: question });
      await expect(entry).toContainText(user.name);
      await expect(entry).toContainText(inbox.verified);
      await entry.click();
      await expect(page.getByRole('definition').filter({ hasText: user.email })).toHaveText(
        `${user.email}${inbox.verified}`,
      );
      const attributes = page.locator(`dl[aria-label="${inbox.details.attributes}"]`);
      await expect(attributes.locator('dt')).toHaveText(['plan', 'seats', 'trial']);
      await expect(attributes.locator('dd')).toHaveText(['pro', '12', inbox.details.no]);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await site.close();
    }
  });
}

test('a plain iframe of the widget keeps working without the loader and its API (de)', async ({ page, browser }) => {
  const w = messages.de.Widget;
  const site = await hostSite();
  try {
    const widgetId = await ownWidget(page, site, 'de');
    site.setPage({
      body: `<iframe src="${baseURL}/embed/${widgetId}?mode=inline" title="Chat" style="width:380px;height:600px"></iframe>`,
      lang: 'de',
    });
    const guest = await visitor(browser, site.origin, { locale: browserLocale.de });
    try {
      const inline = guest.page.frameLocator('iframe[title="Chat"]');
      const composer = inline.getByRole('form', { name: w.composer });
      const text = `Ohne Loader ${Date.now()}`;
      await composer.getByLabel(w.message).fill(text);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(inline.getByRole('log', { name: w.messages }).getByText(text)).toBeVisible();
      // No API on the page: nobody replaced anything there.
      expect(await guest.page.evaluate(() => 'Plauder' in window)).toBe(false);
      expect(await axeViolations(guest.page)).toEqual([]);
    } finally {
      await guest.context.close();
    }
  } finally {
    await site.close();
  }
});
