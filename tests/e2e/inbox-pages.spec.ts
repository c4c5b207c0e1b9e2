// Every conversation is reachable in the inbox: 59 conversations (visitors writing through the widget's
// API) in pages of 50, loaded as the list scrolls or with the keyboard; the navigation's badge counts all
// unread ones, live; the open conversation is in the address (reload, Back, a shared link), in both languages.
import type { APIRequestContext } from '@playwright/test';
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, personalInbox } from './host-site';
import { baseURL } from '../../playwright.config';

type Started = { id: string; messageId: number; text: string; token: string };

/** A request of the widget (this site's page in the iframe); a 429 of the shared address waits its Retry-After. */
async function widgetPost(api: APIRequestContext, path: string, data: object, token?: string) {
  for (;;) {
    const response = await api.post(path, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (response.status() !== 429) return response;
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers()['retry-after'] ?? 1) * 1000));
  }
}

/** `count` conversations, oldest first, three per visitor (as many as one may have open). */
async function startConversations(api: APIRequestContext, widgetId: string, count: number, label: string) {
  const started: Started[] = [];
  let token = '';
  while (started.length < count) {
    if (started.length % 3 === 0) {
      const visitor = await widgetPost(api, `/api/widgets/${widgetId}/visitors`, {});
      expect(visitor.status()).toBe(201);
      token = (await visitor.json()).token;
    }
    const text = `${label} ${String(started.length + 1).padStart(2, '0')}`;
    const response = await widgetPost(api, `/api/widgets/${widgetId}/conversations`, { text }, token);
    expect(response.status()).toBe(201);
    const { conversation, message } = await response.json();
    started.push({ id: conversation.id, messageId: message.id, text, token });
  }
  return started;
}

for (const locale of ['en', 'de'] as Locale[]) {
  const inbox = messages[locale].Dashboard.inbox;
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

  test(`59 conversations: scrolling, the keyboard, the badge, the address (${locale})`, async ({
    page,
    playwright,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    // The shared link to a conversation that does not exist: its thread answers 404.
    consoleErrors.allow(
      /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/api\/workspaces\/[0-9a-f-]{36}\/inbox\/[0-9a-f-]{36}\)$/,
    );
    await signIn(page, undefined, locale);
    const widgetId = await createWidget(page, { allowedOrigins: [], locale });
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    const label = `${locale}-${Date.now()} question`;
    let q: Started[];
    try {
      q = await startConversations(api, widgetId, 59, label);
    } finally {
      await api.dispose();
    }
    // The five oldest are read: 54 unread, of which only 50 are on the first page.
    const inboxApi = await personalInbox(page);
    for (const { id, messageId } of q.slice(0, 5)) {
      const read = await page.request.patch(`${inboxApi}/${id}`, {
        data: { readUpTo: messageId },
        headers: { origin: baseURL },
      });
      expect(read.status()).toBe(200);
    }

    const inboxPath = localized('/dashboard/inbox', locale);
    const list = page.getByRole('navigation', { name: inbox.list });
    const entries = list.getByRole('listitem');
    const entry = (text: string) => list.getByRole('button', { name: text });
    const thread = page.getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) });
    const badge = page
      .getByRole('navigation', { name: messages[locale].Dashboard.navLabel })
      .locator('[data-unread-badge]');
    const unread = (count: number) => `${count}${fill(messages[locale].Dashboard.nav.unread, { count })}`;
    const more = list.getByRole('button', { name: inbox.more.button });

    await page.goto(inboxPath);
    await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();
    await expect(badge).toHaveText(unread(54));
    await expect(entries).toHaveCount(50);
    await expect(entry(q[0].text)).toHaveCount(0);
    await expect(more).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The keyboard: from the first page's last entry to "Load more", then on to the oldest.
    await entry(q[10].text).focus();
    await page.keyboard.press('Tab');
    await expect(entry(q[9].text)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(entry(q[8].text)).toBeFocused();
    await expect(entries).toHaveCount(59);
    await expect(list.getByRole('status')).toHaveText(fill(inbox.more.loaded.other, { count: 9 }));
    await expect(more).toHaveCount(0);
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    await expect(entry(q[0].text)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(thread.getByRole('log').getByText(q[0].text)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]conversation=${q[0].id}$`));

    // A reload keeps it open; another one is a new history entry, and Back returns to the first.
    await page.reload();
    await expect(thread.getByRole('log').getByText(q[0].text)).toBeVisible();
    await entry(q[58].text).click();
    await expect(thread.getByRole('log').getByText(q[58].text)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]conversation=${q[58].id}$`));
    // Read on opening: one unread fewer, live.
    await expect(badge).toHaveText(unread(53));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`[?&]conversation=${q[0].id}$`));
    await expect(thread.getByRole('log').getByText(q[0].text)).toBeVisible();

    // Scrolling: a conversation not loaded yet that gets a message comes to the top; the rest load as the
    // list scrolls, each once.
    await page.goto(inboxPath);
    await expect(page.getByRole('status').filter({ hasText: inbox.status.live })).toBeVisible();
    await expect(entries).toHaveCount(50);
    const news = `${label} 02, once more`;
    const again = await page.request.post(`/api/widgets/${widgetId}/conversations/${q[1].id}/messages`, {
      data: { text: news },
      headers: { origin: baseURL, authorization: `Bearer ${q[1].token}` },
    });
    expect(again.status()).toBe(201);
    await expect(entries.first()).toContainText(news);
    await expect(badge).toHaveText(unread(54));
    await expect(entries).toHaveCount(51);
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(entries).toHaveCount(59);
    await expect(entry(q[0].text)).toBeVisible();
    await expect(list.locator(`[data-conversation="${q[1].id}"]`)).toHaveCount(1);
    await expect(more).toHaveCount(0);

    // A shared link opens a conversation far beyond the first page; an unknown or malformed one says so.
    const shared = await page.context().newPage();
    await shared.goto(`${inboxPath}?conversation=${q[2].id}`);
    await expect(
      shared
        .getByRole('region', { name: fill(inbox.thread, { name: inbox.anonymous }) })
        .getByRole('log')
        .getByText(q[2].text),
    ).toBeVisible();
    for (const id of [crypto.randomUUID(), 'not-a-conversation']) {
      await shared.goto(`${inboxPath}?conversation=${id}`);
      await expect(shared.getByRole('alert').filter({ hasText: inbox.notFound })).toBeVisible();
    }
    expect(await axeViolations(shared)).toEqual([]);
  });
}
