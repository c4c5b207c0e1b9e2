import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { expect, test, axeViolations, messages, type Locale } from './fixtures';
import { signIn, startApiSession } from './auth';
import { baseURL } from '../../playwright.config';

const prefix = (locale: Locale) => (locale === 'de' ? '/de' : '');

async function openChat(page: Page, locale: Locale) {
  await page.goto(`${prefix(locale)}/chat`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByRole('status').filter({ hasText: messages[locale].Chat.status.live })).toBeVisible();
}


for (const locale of ['en', 'de'] as const) {
  const m = messages[locale].Chat;

  test(`a guest and a signed-in user chat live (${locale})`, async ({ browser }) => {
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    const account = await signIn(user);
    await openChat(user, locale);
    await openChat(guest, locale);
    const author = account.email.split('@')[0];
    await expect(user.getByRole('main')).toContainText(m.postingAs.replace('{name}', author));

    const hello = `Hello from a guest ${Date.now()}`;
    const composer = guest.getByRole('form', { name: m.composer });
    await composer.getByLabel(m.guestName).fill('Grace');
    await composer.getByLabel(m.message).fill(hello);
    await composer.getByLabel(m.message).press('Enter');
    await expect(composer.getByLabel(m.message)).toHaveValue('');

    const userLog = user.getByRole('log', { name: m.messages });
    const guestLog = guest.getByRole('log', { name: m.messages });
    await expect(userLog.locator('article', { hasText: hello })).toContainText('Grace');
    await expect(userLog.locator('article', { hasText: hello })).toContainText(m.guest);

    const answer = `Welcome, Grace! ${Date.now()}`;
    await user.getByRole('form', { name: m.composer }).getByLabel(m.message).fill(answer);
    await user.getByRole('form', { name: m.composer }).getByRole('button', { name: m.send }).click();
    await expect(guestLog.locator('article', { hasText: answer })).toContainText(author);
    await expect(guestLog.locator('article', { hasText: answer }).locator('img')).toHaveAttribute('src', `/api/avatars/${account.uid}`);
    // In order, for both.
    for (const log of [userLog, guestLog]) {
      const texts = await log.locator('article').allInnerTexts();
      expect(texts.findIndex((t) => t.includes(hello))).toBeLessThan(texts.findIndex((t) => t.includes(answer)));
    }

    // The guest's name is remembered.
    await guest.reload();
    await guest.locator('html[data-hydrated="true"]').waitFor();
    await expect(guest.getByRole('form', { name: m.composer }).getByLabel(m.guestName)).toHaveValue('Grace');
    expect(await axeViolations(guest)).toEqual([]);
    await guestContext.close();
    await userContext.close();
  });
}

test('message text is shown as text; web addresses become safe links', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openChat(page, 'en');
  const marker = Date.now();
  const payload = `<img src=x onerror=alert(${marker})> <script>alert(1)</script> see https://example.com/docs?a=1. javascript:alert(2)`;
  const composer = page.getByRole('form', { name: 'Write a message' });
  await composer.getByLabel('Your name').fill('<b>Mallory</b>');
  await composer.getByLabel('Message').fill(payload);
  await composer.getByRole('button', { name: 'Send' }).click();
  const message = page.getByRole('log').locator('article', { hasText: String(marker) });
  await expect(message).toContainText(`<img src=x onerror=alert(${marker})>`);
  await expect(message).toContainText('<b>Mallory</b>');
  await expect(message.locator('img[src="x"], script, b')).toHaveCount(0);
  const link = message.getByRole('link', { name: 'https://example.com/docs?a=1' });
  await expect(link).toHaveAttribute('href', 'https://example.com/docs?a=1');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(message.getByRole('link')).toHaveCount(1);
  expect(dialogs).toEqual([]);
});

test('says so while offline, then catches up with what it missed', async ({ page, playwright }) => {
  await openChat(page, 'en');
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  const missed = `Sent while you were away ${Date.now()}`;
  const other = await playwright.request.newContext({ baseURL });
  const posted = await other.post('/api/chat/lobby/messages', { data: { text: missed, name: 'Ada' }, headers: { origin: baseURL } });
  expect(posted.status()).toBe(201);
  await other.dispose();
  await page.context().setOffline(false);
  await expect(page.getByRole('log').locator('article', { hasText: missed })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
});

/** A page of another site that embeds `html`, served on its own port of localhost. */
async function hostSite(html: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Customer shop</title></head><body><h1>Customer shop</h1>${html}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

async function freeOrigin(): Promise<string> {
  const { origin, server } = await hostSite('');
  await new Promise((resolve) => server.close(resolve));
  return origin;
}

async function visitorPage(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

test('a widget on an allowed site round-trips a message to the owner; another site is refused', async ({ page, browser, consoleErrors }) => {
  // The server refuses the first list of sites (400), and the other site may not frame the widget.
  consoleErrors.allow(/status of 400 .*\/api\/widgets\)$/, /^Framing 'http:\/\/127\.0\.0\.1:\d+\/' violates the following Content Security Policy directive: "frame-ancestors /);
  const e = messages.en.Dashboard.embed;
  const allowedOrigin = await freeOrigin();
  await signIn(page);
  await page.goto('/dashboard/embed');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: e.form.title });
  await form.getByLabel(e.form.name).fill('Shop help');
  await form.getByLabel(e.form.origins).fill(`https://www.example.com\nhttp://evil.example.com`);
  await form.getByLabel(e.form.greeting).fill('Hi! Ask us anything.');
  await form.getByRole('button', { name: e.form.submit }).click();
  await expect(form.getByText('Line 2:')).toBeVisible();
  await form.getByLabel(e.form.origins).fill(`https://www.example.com\n${allowedOrigin}`);
  await form.getByRole('button', { name: e.form.submit }).click();
  await expect(page.locator('[data-toast-type="success"]', { hasText: e.form.saved })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${e.form.editTitle}: Shop help` })).toBeVisible();
  // The free plan's one widget is used: no second form, and the way to more.
  await expect(page.getByRole('form', { name: e.form.title })).toHaveCount(0);
  await expect(page.getByRole('link', { name: e.widgets.plans })).toBeVisible();
  await expect(page.frameLocator(`iframe[title="${e.preview.frameTitle.replace('{name}', 'Shop help')}"]`).getByText('Hi! Ask us anything.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const snippet = (await page.locator('[data-snippet="snippet-script"]').textContent())!;
  expect(snippet).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/embed\.js" data-widget="[A-Za-z0-9_-]{16}" data-title="Shop help" async><\/script>$/);

  const allowedPort = Number(new URL(allowedOrigin).port);
  const allowed = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Customer shop</title></head><body><h1>Customer shop</h1>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => allowed.listen(allowedPort, '127.0.0.1', resolve));
  const refused = await hostSite(snippet);
  try {
    const visitor = await visitorPage(browser, `${allowedOrigin}/`);
    const iframe = visitor.page.locator('iframe[data-chat-widget]');
    const widget = visitor.page.frameLocator('iframe[data-chat-widget]');
    await expect(widget.getByRole('button', { name: 'Open the chat: Shop help' })).toBeVisible();
    // The host page itself (another origin than the widget's) cannot resize the frame.
    await visitor.page.evaluate(async () => {
      window.postMessage({ type: 'chatwidget:resize', open: true }, '*');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect((await iframe.boundingBox())?.width).toBe(72);
    await widget.getByRole('button', { name: 'Open the chat: Shop help' }).click();
    await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(380);
    await expect(widget.getByText('Hi! Ask us anything.')).toBeVisible();
    await expect(widget.getByRole('status')).toHaveText('Live');
    const question = `Do you ship to Vienna? ${Date.now()}`;
    await widget.getByLabel('Your name').fill('Visitor Vera');
    await widget.getByLabel('Message', { exact: true }).fill(question);
    await widget.getByRole('button', { name: 'Send' }).click();

    const conversation = page.getByRole('region', { name: `${e.conversation.title}: Shop help` });
    await expect(conversation.locator('article', { hasText: question })).toContainText('Visitor Vera');
    const reply = `Yes, we do. ${Date.now()}`;
    await conversation.getByLabel('Message', { exact: true }).fill(reply);
    await conversation.getByRole('button', { name: 'Send' }).click();
    await expect(widget.locator('article', { hasText: reply })).toContainText('Team');
    // Closing shrinks the frame back to the launcher.
    await widget.getByRole('button', { name: 'Close the chat' }).click();
    await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(72);
    await visitor.context.close();

    // The same snippet elsewhere: the browser refuses to show the widget page in the frame.
    const stranger = await visitorPage(browser, `${refused.origin}/`);
    await expect(stranger.page.locator('iframe[data-chat-widget]')).toBeAttached();
    await expect.poll(() => stranger.page.frames().find((f) => f !== stranger.page.mainFrame())?.url()).toMatch(/^chrome-error:/);
    await expect(stranger.page.frameLocator('iframe[data-chat-widget]').getByRole('button', { name: 'Open the chat: Shop help' })).toHaveCount(0);
    await stranger.context.close();
  } finally {
    await new Promise((resolve) => allowed.close(resolve));
    await new Promise((resolve) => refused.server.close(resolve));
  }
});

test('the widget page loads the latest 50 messages and older ones on scrolling up', async ({ page }) => {
  await startApiSession(page.request);
  const created = await page.request.post('/api/widgets', {
    data: { name: 'History', allowedOrigins: [], accentColor: '#b91c1c', greeting: '', locale: 'de' },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { widget } = await created.json();
  for (let i = 1; i <= 60; i++) {
    const posted = await page.request.post(`/api/chat/${widget.id}/messages`, {
      data: { text: `Nachricht ${i}`, name: 'Seeder' },
      // Each message from another address: the per-poster limit is not what this test is about.
      headers: { origin: baseURL, 'x-forwarded-for': `198.51.100.${i}`, cookie: `chat_guest=seed-${i}` },
    });
    expect(posted.status()).toBe(201);
  }
  await page.goto(`/embed/${widget.id}?mode=inline`);
  const log = page.getByRole('log', { name: messages.de.Chat.messages });
  await expect(log.locator('article')).toHaveCount(50);
  await expect(log.locator('article').first()).toContainText('Nachricht 11');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await log.evaluate((element) => (element.scrollTop = 0));
  await expect(log.locator('article')).toHaveCount(60);
  await expect(log.getByText(messages.de.Chat.beginning)).toBeVisible();
  await expect(log.locator('article').first()).toContainText('Nachricht 1');
  expect(await axeViolations(page)).toEqual([]);
});

test('unknown widget and room answer 404', async ({ request }) => {
  expect((await request.get('/embed/no-such-widget')).status()).toBe(404);
  expect((await request.get('/api/chat/no-such-room/events')).status()).toBe(404);
});
