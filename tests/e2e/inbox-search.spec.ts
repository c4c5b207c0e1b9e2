// The inbox's search, in both languages: an inflected German word finds a visitor's message that is older
// than the thread's latest page, the match is marked, and the result opens the thread at that message.
import { axeViolations, expect, localized, messages, test, type Locale } from './fixtures';
import { signIn } from './auth';
import { createWidget, personalInbox } from './host-site';
import { baseURL } from '../../playwright.config';

for (const locale of ['en', 'de'] as Locale[]) {
  const inbox = messages[locale].Dashboard.inbox;

  test(`search finds a German message by an inflected word and opens it at the message (${locale})`, async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, undefined, locale);
    const widgetId = await createWidget(page, { allowedOrigins: [], locale });
    const visitorApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    const marker = `M${Date.now()}`;
    let hit: number;
    let conversationId: string;
    try {
      const visitor = await visitorApi.post(`/api/widgets/${widgetId}/visitors`, { data: {} });
      const { token } = await visitor.json();
      const started = await visitorApi.post(`/api/widgets/${widgetId}/conversations`, {
        data: { text: `Wo finde ich meine Rechnung ${marker}?`, name: 'Greta Sucher' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(started.status()).toBe(201);
      ({
        conversation: { id: conversationId },
        message: { id: hit },
      } = await started.json());
    } finally {
      await visitorApi.dispose();
    }
    // More answers than a thread's first page holds: the hit is not among the latest messages.
    const api = await personalInbox(page);
    for (let index = 1; index <= 55; index++) {
      const answer = await page.request.post(`${api}/${conversationId}/messages`, {
        data: { text: `Antwort ${index}` },
        headers: { origin: baseURL },
      });
      expect(answer.status()).toBe(201);
    }

    await page.goto(localized('/dashboard/inbox', locale));
    await page.getByRole('searchbox', { name: inbox.search.label }).fill('Rechnungen');
    const results = page.getByRole('navigation', { name: inbox.search.results });
    const result = results.getByRole('button', { name: new RegExp(marker) });
    await expect(result).toBeVisible();
    await expect(result.locator('mark')).toHaveText('Rechnung');
    await expect(results.getByRole('status')).toHaveText(inbox.search.found.one.replace('{count}', '1'));
    expect(await axeViolations(page)).toEqual([]);

    await result.click();
    await expect(page).toHaveURL(new RegExp(`conversation=${conversationId}&message=${hit}$`));
    const message = page.locator(`[data-message-id="${hit}"]`);
    await expect(message).toHaveAttribute('data-focused', 'true');
    await expect(message).toContainText(`Wo finde ich meine Rechnung ${marker}?`);
    await expect(message).toBeInViewport();
    // The rest of the thread is there up to its newest message.
    await expect(page.getByRole('log').getByText('Antwort 55', { exact: true })).toBeAttached();

    // Nothing matches: said so, in the page's language.
    await page.getByRole('searchbox', { name: inbox.search.label }).fill('Quittungsblock');
    await expect(results.getByRole('status')).toHaveText(inbox.search.none.replace('{query}', 'Quittungsblock'));
  });
}
