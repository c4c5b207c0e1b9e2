import { expect, test } from '../e2e/fixtures';
import type { Page } from '@playwright/test';
import { createAccount, signInThroughForm } from '../e2e/auth';
import { baseURL } from '../../playwright.config';

// Script in every field a user can write, shown back to them and to others: it must appear as text,
// never run (window.__xss stays unset), and never even reach the policy (no CSP violation).
const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>"'><svg onload="window.__xss=3">`;
const emulator = `http://127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT || 9399}`;

async function watch(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective}`),
    ),
  );
  return violations;
}

async function expectInert(page: Page, where: string, scope = page.locator('body')) {
  await expect(scope, where).toContainText(PAYLOAD);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), where).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload]').count(), where).toBe(0);
}

test('script in a display name, ticket, feedback, widget, chat message and conversation is shown as text and never runs', async ({
  page,
}) => {
  const violations = await watch(page);
  const account = await createAccount(page.request);
  const named = await page.request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-plauder/accounts:update`,
    {
      headers: { authorization: 'Bearer owner' },
      data: { localId: account.uid, displayName: PAYLOAD },
    },
  );
  expect(named.ok()).toBe(true);
  await signInThroughForm(page, account);
  const headers = { origin: baseURL };

  const ticket = await page.request.post('/api/tickets', {
    headers,
    data: { subject: `Subject ${PAYLOAD}`.slice(0, 120), category: 'technical', message: `Message ${PAYLOAD}` },
  });
  expect(ticket.status()).toBe(201);
  const { ticket: created } = await ticket.json();
  const feedback = await page.request.post('/api/feedback', {
    headers,
    data: { rating: 4, category: 'product', message: `Feedback ${PAYLOAD}` },
  });
  expect(feedback.status()).toBe(201);
  const widget = await page.request.post('/api/widgets', {
    headers,
    data: {
      name: PAYLOAD.slice(0, 60),
      allowedOrigins: [],
      accentColor: '#0F766E',
      greeting: `Greeting ${PAYLOAD}`,
      locale: 'en',
    },
  });
  expect(widget.status()).toBe(201);
  const { widget: createdWidget } = await widget.json();
  const chat = await page.request.post('/api/chat/lobby/messages', { headers, data: { text: `Chat ${PAYLOAD}` } });
  expect(chat.status()).toBe(201);
  // A visitor of the widget writes script as their name, their page's title and their message.
  const visitor = await (
    await page.request.post(`/api/widgets/${createdWidget.id}/visitors`, { headers, data: {} })
  ).json();
  const conversation = await page.request.post(`/api/widgets/${createdWidget.id}/conversations`, {
    headers: { ...headers, authorization: `Bearer ${visitor.token}` },
    data: {
      text: `Conversation ${PAYLOAD}`,
      name: PAYLOAD.slice(0, 60),
      pageUrl: 'https://shop.example.com/',
      pageTitle: PAYLOAD,
    },
  });
  expect(conversation.status()).toBe(201);

  await page.goto('/dashboard');
  await page.locator('html[data-hydrated="true"]').waitFor();
  // The dashboard's account menu shows the name.
  await expectInert(page, 'display name', page.getByRole('group').filter({ hasText: 'Open the account menu' }));

  await page.goto(`/dashboard/tickets/${created.id}`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expectInert(page, 'ticket');

  await page.goto('/dashboard/feedback');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expectInert(page, 'feedback', page.getByRole('main'));

  await page.goto('/chat');
  await expect(page.getByRole('log').getByText(`Chat ${PAYLOAD}`)).toBeVisible();
  await expectInert(page, 'chat');

  await page.goto('/dashboard/inbox');
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: `Conversation ${PAYLOAD}` })
    .click();
  await expect(page.getByRole('log')).toContainText(`Conversation ${PAYLOAD}`);
  await expectInert(page, 'conversation');

  await page.goto(`/embed/${createdWidget.id}?mode=inline`);
  await expect(page.getByText(`Greeting ${PAYLOAD}`)).toBeVisible();
  await expectInert(page, 'widget');

  expect(violations).toEqual([]);
});
