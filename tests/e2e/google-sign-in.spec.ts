import { expect, test, localized, localesUnderTest, messages } from './fixtures';
import { uniqueEmail } from './auth';

// "Continue with Google" in local mode (issue 15, point 12): no Google code can load here, so the
// button signs in through the Auth emulator's own flow, a test Google account, and says so.

for (const locale of localesUnderTest) {
  const { Auth, Dashboard } = messages[locale];

  test(`Continue with Google signs in a test Google account through the emulator (${locale})`, async ({ page }) => {
    const google: string[] = [];
    page.on(
      'request',
      (request) => /google\.com|gstatic\.com/.test(new URL(request.url()).hostname) && google.push(request.url()),
    );
    const email = uniqueEmail('google');
    await page.goto(localized('/login', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: Auth.login.google }).click();
    const form = page.getByRole('form', { name: Auth.google.title });
    await expect(form).toContainText(Auth.google.localMode);
    await expect(form.getByLabel(Auth.google.email)).toBeFocused();
    await form.getByLabel(Auth.google.email).fill(email);
    await form.getByRole('button', { name: Auth.google.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${localized('/dashboard', locale)}$`));
    await expect(page.getByText(Dashboard.overview.greeting.replace('{name}', email))).toBeVisible();
    // A Google account has its address confirmed: no banner asking to verify it.
    await expect(page.getByRole('heading', { name: Dashboard.overview.unverified.title })).toHaveCount(0);
    expect(google).toEqual([]);
  });
}
