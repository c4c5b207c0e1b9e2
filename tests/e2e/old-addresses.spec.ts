import { expect, test, messages } from './fixtures';
import { signIn } from './auth';

// The widget settings lived at /dashboard/embed until the vocabulary of issue 36 (config/route-rules.json).
test('the old widget settings address leads to /dashboard/widgets, query kept', async ({ page }) => {
  await signIn(page);
  for (const path of ['/dashboard/embed', '/de/dashboard/embed', '/de/dashboard/embed/new']) {
    const response = await page.request.get(`${path}?widget=w1`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    const target = path.replace('/embed', '/widgets');
    expect(response.headers().location).toMatch(new RegExp(`^(https?://[^/]+)?${target}\\?widget=w1$`));
  }
  // Next drops a trailing slash first (its own 308), then the rule applies.
  await page.goto('/dashboard/embed/?widget=w1');
  await expect(page).toHaveURL(/\/dashboard\/widgets\?widget=w1$/);
  await page.goto('/de/dashboard/embed');
  await expect(page).toHaveURL(/\/de\/dashboard\/widgets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Dashboard.widgets.title);
});
