import { expect, test, messages } from './fixtures';
import { signIn } from './auth';

// The widget settings lived at /dashboard/embed until the vocabulary of issue 36 (config/route-rules.json).
test('the old widget settings address leads to /dashboard/widgets, query kept', async ({ page }) => {
  await signIn(page);
  for (const path of ['/dashboard/embed', '/de/dashboard/embed/']) {
    const response = await page.request.get(`${path}?widget=w1`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    const prefix = path.startsWith('/de/') ? '/de' : '';
    expect(response.headers().location).toMatch(
      new RegExp(`^(https?://[^/]+)?${prefix}/dashboard/widgets\\?widget=w1$`),
    );
  }
  await page.goto('/de/dashboard/embed');
  await expect(page).toHaveURL(/\/de\/dashboard\/widgets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Dashboard.widgets.title);
});
