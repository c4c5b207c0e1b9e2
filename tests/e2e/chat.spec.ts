import type { Page } from '@playwright/test';
import { expect, test, axeViolations, messages, type Locale } from './fixtures';
import { signIn } from './auth';
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
    await expect(guestLog.locator('article', { hasText: answer }).locator('img')).toHaveAttribute(
      'src',
      `/api/avatars/${account.uid}`,
    );
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
  const posted = await other.post('/api/chat/lobby/messages', {
    data: { text: missed, name: 'Ada' },
    headers: { origin: baseURL },
  });
  expect(posted.status()).toBe(201);
  await other.dispose();
  await page.context().setOffline(false);
  await expect(page.getByRole('log').locator('article', { hasText: missed })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
});

test('unknown widget and room answer 404', async ({ request }) => {
  expect((await request.get('/embed/no-such-widget')).status()).toBe(404);
  expect((await request.get('/api/chat/no-such-room/events')).status()).toBe(404);
});
