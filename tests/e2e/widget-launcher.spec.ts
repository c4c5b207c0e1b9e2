// The widget's launcher page on a customer's site (lib/widgets/launcher.ts): a new visitor's page loads a
// plain button, none of the widget's scripts, until the visitor wants to chat; then the widget page takes
// its place in the same frame, opened and focused, without an entry in the page's history. A returning
// visitor gets the same launcher with the team's unread answer on it, and the widget page only on a click.
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { axeViolations, expect, messages, test } from './fixtures';
import { signIn } from './auth';
import { createWidget, hostSite, personalInbox, snippet, type HostSite } from './host-site';
import { baseURL } from '../../playwright.config';

const w = messages.en.Widget;
const label = w.open.replace('{name}', 'Shop help');

/** The widget's scripts (the app's build files) that `page` loaded so far. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().startsWith(`${baseURL}/_next/`)) scripts.push(request.url());
  });
  return scripts;
}

async function openSite(browser: Browser | BrowserContext, site: HostSite) {
  const context = 'newContext' in browser ? await browser.newContext() : browser;
  const page = await context.newPage();
  const scripts = watchScripts(page);
  await page.goto(site.origin);
  return { context, page, scripts, widget: page.frameLocator('iframe[data-chat-widget]') };
}

/** A new widget of `page`'s owner (signed in here), on `site`'s page; answers its id. */
async function embedWidget(page: Page, site: HostSite) {
  await signIn(page);
  const widgetId = await createWidget(page, { allowedOrigins: [site.origin] });
  site.setPage({ body: snippet(widgetId) });
  return widgetId;
}

/** Whether `button` shows the launcher's two-tone focus: a white ring inside a dark outline, seen on any page. */
async function showsFocus(button: Locator) {
  const { outline, shadow } = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`, shadow: style.boxShadow };
  });
  // Slate 900, as the launcher page writes it and as the frame's stylesheet does.
  const dark = ['solid 2px rgb(15, 23, 42)', 'solid 2px oklch(0.208 0.042 265.755)'];
  return dark.includes(outline) && shadow.includes('rgb(255, 255, 255) 0px 0px 0px 2px');
}

/** The address of the document in the widget's frame. */
function frameUrl(page: Page) {
  return page
    .frames()
    .find((frame) => frame.url().startsWith(`${baseURL}/embed/`))
    ?.url();
}

test('a new visitor’s page loads only the launcher; Enter opens the widget in its frame, focused', async ({
  page,
  browser,
}) => {
  const site = await hostSite();
  try {
    const widgetId = await embedWidget(page, site);
    const guest = await openSite(browser, site);
    const launcher = guest.widget.getByRole('button', { name: label });
    await expect(launcher).toBeVisible();
    expect(frameUrl(guest.page)).toBe(`${baseURL}/embed/${widgetId}/launcher?lang=en`);
    // At the widget's side, in its closed size.
    const viewport = guest.page.viewportSize()!;
    await expect
      .poll(() => guest.page.locator('iframe[data-chat-widget]').boundingBox())
      .toEqual({ x: viewport.width - 16 - 72, y: viewport.height - 16 - 72, width: 72, height: 72 });
    expect(await axeViolations(guest.page)).toEqual([]);
    expect(guest.scripts).toEqual([]);

    // A keyboard user reaches it from the page and opens it.
    const entries = await guest.page.evaluate(() => window.history.length);
    await guest.page.keyboard.press('Tab');
    await expect(launcher).toBeFocused();
    expect(await showsFocus(launcher)).toBe(true);
    await guest.page.keyboard.press('Enter');
    const message = guest.widget.getByRole('form', { name: w.composer }).getByLabel(w.message);
    await expect(message).toBeFocused();
    expect(frameUrl(guest.page)).toBe(`${baseURL}/embed/${widgetId}?lang=en&open=1`);
    expect(await guest.page.evaluate(() => window.history.length)).toBe(entries);
    // The standalone frame (scripts/build-widget.mjs): its one script and stylesheet, none of Next's chunks.
    expect(guest.scripts.map((url) => url.replace(/-[0-9a-f]{16}\./, '-<hash>.')).sort()).toEqual([
      `${baseURL}/_next/static/widget/frame-<hash>.css`,
      `${baseURL}/_next/static/widget/frame-<hash>.js`,
    ]);
    await expect
      .poll(async () => (await guest.page.locator('iframe[data-chat-widget]').boundingBox())?.height)
      .toBe(Math.min(600, viewport.height - 32));
    expect(await axeViolations(guest.page)).toEqual([]);

    // Closed again (by keyboard), it is the widget page's own launcher, with the same focus.
    await guest.widget.getByRole('button', { name: w.close }).focus();
    await guest.page.keyboard.press('Enter');
    await expect(launcher).toBeVisible();
    await launcher.focus();
    expect(await showsFocus(launcher)).toBe(true);
    await guest.context.close();
  } finally {
    await site.close();
  }
});

for (const locale of ['en', 'de'] as const) {
  test(`a returning visitor’s launcher shows the team’s unread answers, live, without loading the widget page (${locale})`, async ({
    page,
  }, testInfo) => {
    const w = messages[locale].Widget;
    const label = w.open.replace('{name}', 'Shop help');
    // Playwright turns off Chromium's storage partitioning, and without it a frame of another site gets no
    // storage, where the widget keeps its visitor's token. Everyday browsers partition it: this browser
    // does (its own --disable-features replaces Playwright's list).
    const launch = testInfo.project.use.launchOptions!;
    const browser = await chromium.launch({
      ...launch,
      args: [...(launch.args ?? []), '--disable-features=MediaRouter'],
    });
    const context = await browser.newContext({ viewport: testInfo.project.use.viewport });
    const site = await hostSite();
    try {
      const widgetId = await embedWidget(page, site);
      site.setPage({ body: snippet(widgetId), lang: locale });
      const guest = await openSite(context, site);
      await guest.widget.getByRole('button', { name: label }).click();
      const question = `Is the blue one in stock? ${Date.now()}`;
      const composer = guest.widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(question);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(guest.widget.getByRole('log').getByText(question)).toBeVisible();
      await guest.page.close();

      // The owner answers while the visitor is away.
      const inboxApi = await personalInbox(page);
      const inbox = await (await page.request.get(inboxApi)).json();
      const conversation = inbox.conversations.find(
        (c: { lastMessagePreview: string }) => c.lastMessagePreview === question,
      );
      const reply = await page.request.post(`${inboxApi}/${conversation.id}/messages`, {
        headers: { origin: baseURL },
        data: { text: 'Yes, two are left.' },
      });
      expect(reply.status()).toBe(201);

      const again = await openSite(context, site);
      const launcher = again.widget.getByRole('button', {
        name: w.openUnread.one.replace('{name}', 'Shop help').replace('{count}', '1'),
      });
      await expect(launcher).toBeVisible();
      await expect(launcher).toHaveText('1');
      // The network log: the launcher page and its one request, none of the widget page's scripts.
      expect(frameUrl(again.page)).toBe(`${baseURL}/embed/${widgetId}/launcher?lang=${locale}`);
      expect(again.scripts).toEqual([]);
      expect(await axeViolations(again.page)).toEqual([]);

      // A further answer while only the launcher is there: on its button at once, and to the page's API.
      await again.page.evaluate(() => {
        const page = window as unknown as { heard: unknown[]; Plauder: (...args: unknown[]) => void };
        page.heard = [];
        page.Plauder('on', 'message', (detail: unknown) => page.heard.push(detail));
      });
      const second = await page.request.post(`${inboxApi}/${conversation.id}/messages`, {
        headers: { origin: baseURL },
        data: { text: 'Shall I keep one for you?' },
      });
      expect(second.status()).toBe(201);
      const live = again.widget.getByRole('button', {
        name: w.openUnread.other.replace('{name}', 'Shop help').replace('{count}', '2'),
      });
      await expect(live).toHaveText('2');
      await expect
        .poll(() => again.page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
        .toEqual([{ conversationId: conversation.id, text: 'Shall I keep one for you?' }]);
      expect(again.scripts).toEqual([]);

      // Opened, it is the widget page with the conversation and its answers.
      await live.click();
      await expect(
        again.widget.getByRole('navigation', { name: w.conversations }).getByText('Shall I keep one for you?'),
      ).toBeVisible();
      expect(frameUrl(again.page)).toBe(`${baseURL}/embed/${widgetId}?lang=${locale}&open=1`);
      expect(again.scripts.length).toBeGreaterThan(0);
    } finally {
      await browser.close();
      await site.close();
    }
  });
}
