// The widget on a customer's site in the owner's theme (issue 37, point 4): 'auto' follows the visitor's device,
// live; 'dark' and 'light' hold whatever the device prefers. The frame around the panel and the closed launcher
// stay transparent on a light and on a dark page, and the open header shows who answers here.
import sharp from 'sharp';
import type { Browser, Locator, Page } from '@playwright/test';
import { axeViolations, expect, messages, test, type Locale } from './fixtures';
import { createAccount, signInThroughForm } from './auth';
import { createWidget, hostSite, snippet, visitor, type HostSite } from './host-site';
import { baseURL } from '../../playwright.config';

const emulator = `http://127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT || 9399}`;
const LIGHT_PAGE = { css: 'html{background:#fff0c8}', rgb: [255, 240, 200] };
const DARK_PAGE = { css: ':root{color-scheme:dark;background:#1e1e3c}', rgb: [30, 30, 60] };

/** The owner, signed in with a display name (a reply shows it, so the header may) and a photo. */
async function namedOwner(page: Page, displayName: string) {
  const account = await createAccount(page.request);
  const named = await page.request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
    {
      data: { idToken: account.idToken, displayName },
    },
  );
  expect(named.ok()).toBe(true);
  await signInThroughForm(page, account);
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const upload = await page.request.post('/api/profile/photo', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
    headers: { origin: baseURL },
  });
  expect(upload.status()).toBe(201);
}

/** The colour of the page's pixel at (x, y), as the visitor sees it. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return [...(await sharp(png).removeAlpha().raw().toBuffer())];
}

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - expected[i]) <= 12);
const luminance = ([r, g, b]: number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** The open panel's own background, just under its header. */
async function panelColour(page: Page, panel: Locator) {
  const header = (await panel.locator('header').boundingBox())!;
  return pixel(page, header.x + 4, header.y + header.height + 2);
}

/** Whether the page shows through the frame's top corner (outside the panel's or the button's rounding). */
async function seeThrough(page: Page, frame: Locator, background: { rgb: number[] }) {
  await expect
    .poll(async () => {
      const box = (await frame.boundingBox())!;
      return near(await pixel(page, box.x, box.y), background.rgb);
    })
    .toBe(true);
}

/** A widget in `locale` (theme: the default, auto) of Ada Lovelace, with her photo, allowed on `site`. */
async function adasWidget(page: Page, site: HostSite, locale: Locale) {
  await namedOwner(page, 'Ada Lovelace');
  return createWidget(page, { allowedOrigins: [site.origin], locale });
}

/** A visitor whose device prefers `device` opens the widget on `site`'s page of `background`, in `locale`. */
async function openOn(site: HostSite, widgetId: string, background: { css: string }, locale: Locale, device: Device) {
  site.setPage({ body: `<style>${background.css}</style>${snippet(widgetId)}`, lang: locale });
  const guest = await visitor(device.browser, site.origin, { colorScheme: device.colorScheme });
  await guest.widget.getByRole('button', { name: messages[locale].Widget.open.replace('{name}', 'Shop help') }).click();
  return { ...guest, panel: guest.widget.getByRole('main') };
}

type Device = { browser: Browser; colorScheme: 'light' | 'dark' };

for (const locale of ['en', 'de'] as const) {
  const w = messages[locale].Widget;
  const openLabel = w.open.replace('{name}', 'Shop help');
  const team = w.team.one.replace('{names}', 'Ada Lovelace');

  test(`${locale}: theme auto follows the device, live; the frame stays transparent; the header shows the team`, async ({
    page,
    browser,
  }) => {
    const site = await hostSite();
    try {
      const widgetId = await adasWidget(page, site, locale);
      const guest = await openOn(site, widgetId, LIGHT_PAGE, locale, { browser, colorScheme: 'dark' });
      const { panel } = guest;
      await expect(panel).toHaveAttribute('data-theme', 'dark');
      const faces = guest.widget.getByRole('img', { name: team });
      await expect(faces).toBeVisible();
      await expect(faces.locator('img')).toHaveAttribute('src', new RegExp(`^/api/operator-photos/${widgetId}/`));
      await expect
        .poll(() => faces.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      expect(luminance(await panelColour(guest.page, panel))).toBeLessThan(60);
      await seeThrough(guest.page, guest.frame, LIGHT_PAGE);
      expect(await axeViolations(guest.page)).toEqual([]);

      // The visitor's device turns light: so does the panel, at once.
      await guest.page.emulateMedia({ colorScheme: 'light' });
      await expect(panel).toHaveAttribute('data-theme', 'light');
      expect(luminance(await panelColour(guest.page, panel))).toBeGreaterThan(240);
      await seeThrough(guest.page, guest.frame, LIGHT_PAGE);
      expect(await axeViolations(guest.page)).toEqual([]);
      await guest.context.close();
    } finally {
      await site.close();
    }
  });

  test(`${locale}: theme dark holds on a light device and light on a dark one, transparent on either page`, async ({
    page,
    browser,
  }) => {
    // Many steps: on a loaded 2-core CI host this takes longer than the default 30 s.
    test.setTimeout(90_000);
    const site = await hostSite();
    try {
      const widgetId = await adasWidget(page, site, locale);
      for (const [theme, device, background] of [
        ['dark', 'light', LIGHT_PAGE],
        ['light', 'dark', DARK_PAGE],
      ] as const) {
        const saved = await page.request.patch(`/api/widgets/${widgetId}`, {
          data: { theme },
          headers: { origin: baseURL },
        });
        expect(saved.status()).toBe(200);
        const guest = await openOn(site, widgetId, background, locale, { browser, colorScheme: device });
        const { panel } = guest;
        await expect(panel).toHaveAttribute('data-theme', theme);
        await expect(guest.widget.getByRole('img', { name: team })).toBeVisible();
        const colour = luminance(await panelColour(guest.page, panel));
        if (theme === 'dark') expect(colour).toBeLessThan(60);
        else expect(colour).toBeGreaterThan(240);
        await seeThrough(guest.page, guest.frame, background);
        expect(await axeViolations(guest.page)).toEqual([]);
        // The thread, its message and the composer, readable in the theme too.
        const composer = guest.widget.getByRole('form', { name: w.composer });
        await composer.getByLabel(w.message).fill(`Hello in ${theme}`);
        await composer.getByRole('button', { name: w.send }).click();
        await expect(guest.widget.getByRole('log', { name: w.messages }).getByText(`Hello in ${theme}`)).toBeVisible();
        expect(await axeViolations(guest.page)).toEqual([]);

        // Closed again, the launcher's frame shows the page around the round button.
        await guest.widget.getByRole('button', { name: w.close }).click();
        await expect(guest.widget.getByRole('button', { name: openLabel })).toBeVisible();
        await seeThrough(guest.page, guest.frame, background);
        await guest.context.close();
      }
    } finally {
      await site.close();
    }
  });
}
