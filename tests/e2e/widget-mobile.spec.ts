// The widget on a phone (issue 37, point 4): on a page under 640 CSS px the open widget covers the visible
// screen and the page does not scroll behind it; with the on-screen keyboard open the composer stays above it
// and the thread at its end; closing gives the page back its scrolling as it was. English and German.
import type { Browser, Page } from '@playwright/test';
import { axeViolations, expect, localesUnderTest, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, snippet } from './host-site';
import { baseURL } from '../../playwright.config';

const phone = { width: 390, height: 844 };
/** An iPhone's keyboard with its suggestion bar, in CSS px at 390 px wide. */
const KEYBOARD = 336;

/**
 * Headless Chromium shows no on-screen keyboard, and neither CDP nor Playwright opens one or shrinks the visual
 * viewport alone (Emulation.setDeviceMetricsOverride resizes the layout viewport as well). So the host page's
 * `visualViewport` becomes an EventTarget with the real metrics until `keyboard(height)` takes that much off its
 * bottom and fires `resize`: what iOS Safari and Chrome Android (`interactive-widget=resizes-visual`) do.
 */
function emulateKeyboard() {
  if (window.top !== window) return;
  const viewport = new EventTarget();
  let keyboard = 0;
  Object.defineProperties(viewport, {
    width: { get: () => window.innerWidth },
    height: { get: () => window.innerHeight - keyboard },
    offsetTop: { value: 0 },
    offsetLeft: { value: 0 },
    pageTop: { get: () => window.scrollY },
    pageLeft: { get: () => window.scrollX },
    scale: { value: 1 },
  });
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
  Object.assign(window, {
    keyboard(height: number) {
      keyboard = height;
      viewport.dispatchEvent(new Event('resize'));
    },
  });
}

/** A visitor on a phone, in a context of their own, on `url`; `widget` is the widget's frame. */
async function phoneVisitor(browser: Browser, url: string, locale: Locale) {
  const context = await browser.newContext({
    viewport: phone,
    screen: phone,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    locale,
  });
  await context.addInitScript(emulateKeyboard);
  const page = await context.newPage();
  await page.goto(url);
  return { context, page, widget: page.frameLocator('iframe[data-chat-widget]') };
}

/** The emulated keyboard opens `height` px high (0: closes). */
const keyboard = (page: Page, height: number) =>
  page.evaluate((h) => (window as unknown as { keyboard(height: number): void }).keyboard(h), height);
const frameBox = (page: Page) => page.locator('iframe[data-chat-widget]').boundingBox();
/** The host page's own inline styles of <html> and <body>, its scroll position and whether it can scroll. */
const pageState = (page: Page) =>
  page.evaluate(() => ({
    styles: [document.documentElement.getAttribute('style'), document.body.getAttribute('style')],
    scrollY: window.scrollY,
    overflow: [getComputedStyle(document.documentElement).overflowY, getComputedStyle(document.body).overflowY],
  }));

for (const locale of localesUnderTest) {
  test(`the widget covers a phone's screen, its composer above the keyboard (${locale})`, async ({ page, browser }) => {
    // Many steps: on a loaded 2-core CI host this takes longer than the default 30 s.
    test.setTimeout(90_000);
    const w = messages[locale].Widget;
    const site = await hostSite();
    try {
      await signIn(page);
      const widgetId = await createWidget(page, { allowedOrigins: [site.origin], locale });
      // A responsive shop, long enough to scroll, with an inline style of its own on <body>.
      site.setPage({
        lang: locale,
        head: '<meta name="viewport" content="width=device-width, initial-scale=1">',
        body: `<script>document.body.setAttribute('style', 'overflow: auto; margin: 0 8px')</script><section aria-label="Products">${'<p>Product</p>'.repeat(120)}</section>${snippet(widgetId)}`,
      });
      const guest = await phoneVisitor(browser, site.origin, locale);
      try {
        const launcher = guest.widget.getByRole('button', { name: w.open.replace('{name}', 'Shop help') });
        await expect(launcher).toBeVisible();
        await guest.page.evaluate(() => window.scrollTo(0, 400));
        const before = await pageState(guest.page);
        expect(before).toMatchObject({ scrollY: 400, overflow: ['visible', 'auto'] });
        expect(await frameBox(guest.page)).toEqual({ x: 390 - 88, y: 844 - 88, width: 72, height: 72 });

        // Open: the whole screen, square and flat, the close button on it; the page holds still behind it.
        await launcher.click();
        const composer = guest.widget.getByRole('form', { name: w.composer });
        await expect(composer.getByLabel(w.message)).toBeFocused();
        await expect.poll(() => frameBox(guest.page)).toEqual({ x: 0, y: 0, ...phone });
        const panel = guest.widget.getByRole('main');
        await expect(panel).toHaveCSS('border-top-left-radius', '0px');
        await expect(panel).toHaveCSS('box-shadow', 'none');
        await expect(guest.widget.getByRole('button', { name: w.close })).toBeInViewport();
        expect((await pageState(guest.page)).overflow).toEqual(['hidden', 'hidden']);
        expect(await axeViolations(guest.page)).toEqual([]);
        // A notch and a home indicator (Chromium's own override of env(safe-area-inset-*)): the panel keeps clear.
        // The frame runs in a process of its own (another origin): the override goes to its target.
        const frame = guest.page.frames().find((f) => f.url().includes('/embed/'))!;
        const cdp = await guest.context.newCDPSession(frame);
        await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 34 } });
        await expect.poll(async () => (await guest.widget.getByRole('heading').boundingBox())?.y).toBeGreaterThan(47);
        const field = (await composer.getByLabel(w.message).boundingBox())!;
        expect(field.y + field.height).toBeLessThanOrEqual(844 - 34);
        await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: {} });
        await expect.poll(async () => (await guest.widget.getByRole('heading').boundingBox())?.y).toBeLessThan(47);

        // A thread longer than the screen.
        for (let i = 1; i <= 4; i++) {
          const text = `Question ${i}: ${'does the blue one come in a larger size and ship by Friday? '.repeat(5)}`;
          await composer.getByLabel(w.message).fill(text);
          await composer.getByRole('button', { name: w.send }).click();
          await expect(guest.widget.getByRole('log', { name: w.messages }).getByText(`Question ${i}:`)).toBeVisible();
        }

        // The keyboard opens under the focused field: the frame ends where it starts, the composer above it,
        // the thread still at its last message.
        await composer.getByLabel(w.message).click();
        await keyboard(guest.page, KEYBOARD);
        await expect.poll(() => frameBox(guest.page)).toEqual({ x: 0, y: 0, width: 390, height: 844 - KEYBOARD });
        for (const part of [composer.getByLabel(w.message), composer.getByRole('button', { name: w.send })]) {
          const box = (await part.boundingBox())!;
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(844 - KEYBOARD);
        }
        await expect(guest.widget.getByRole('log', { name: w.messages }).getByText('Question 4:')).toBeInViewport();
        await composer.getByLabel(w.message).fill('And in green?');
        await composer.getByRole('button', { name: w.send }).click();
        await expect(guest.widget.getByRole('log', { name: w.messages }).getByText('And in green?')).toBeInViewport();
        expect(await axeViolations(guest.page)).toEqual([]);
        await keyboard(guest.page, 0);
        await expect.poll(() => frameBox(guest.page)).toEqual({ x: 0, y: 0, ...phone });

        // Turned sideways (844 px wide): the panel at its side; upright again, the whole screen.
        await guest.page.setViewportSize({ width: 844, height: 390 });
        await expect.poll(() => frameBox(guest.page)).toMatchObject({ width: 380, height: 390 - 32 });
        expect((await pageState(guest.page)).styles).toEqual(before.styles);
        await guest.page.setViewportSize(phone);
        await expect.poll(() => frameBox(guest.page)).toMatchObject({ x: 0, y: 0, width: 390 });

        // Closed: the launcher again, and the page as it was.
        await guest.widget.getByRole('button', { name: w.close }).click();
        await expect(launcher).toBeVisible();
        await expect.poll(() => frameBox(guest.page)).toEqual({ x: 390 - 88, y: 844 - 88, width: 72, height: 72 });
        expect(await pageState(guest.page)).toEqual(before);
      } finally {
        await guest.context.close();
      }
    } finally {
      await site.close();
    }
  });
}

test('a plain iframe of the widget on a phone stays the page’s own box, rounded (en)', async ({ page, browser }) => {
  const w = messages.en.Widget;
  const site = await hostSite();
  try {
    await signIn(page);
    const widgetId = await createWidget(page, { allowedOrigins: [site.origin] });
    site.setPage({
      head: '<meta name="viewport" content="width=device-width, initial-scale=1">',
      body: `<iframe src="${baseURL}/embed/${widgetId}?mode=inline" title="Chat" style="width:360px;height:500px;border:0"></iframe>`,
    });
    const guest = await phoneVisitor(browser, site.origin, 'en');
    try {
      const inline = guest.page.frameLocator('iframe[title="Chat"]');
      await expect(inline.getByRole('form', { name: w.composer })).toBeVisible();
      await expect(inline.getByRole('main')).toHaveCSS('border-top-left-radius', '8px');
      expect(await guest.page.locator('iframe[title="Chat"]').boundingBox()).toMatchObject({ width: 360, height: 500 });
      expect((await pageState(guest.page)).overflow).toEqual(['visible', 'visible']);
    } finally {
      await guest.context.close();
    }
  } finally {
    await site.close();
  }
});
