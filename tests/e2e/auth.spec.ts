import { axeViolations, expect, test, localesUnderTest, localized, messages } from './fixtures';
import { baseURL } from '../../playwright.config';
import {
  craftedSessionCookie,
  createAccount,
  disableAccount,
  signIn,
  signInThroughForm,
  startApiSession,
  uniqueEmail,
} from './auth';

test('sign up: a new account lands on the verify-email page, signed in', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  const form = page.getByRole('form', { name: messages.en.Auth.signup.title });
  await form.getByLabel(messages.en.Auth.fields.email).fill(email);
  await form.getByLabel(messages.en.Auth.fields.password, { exact: true }).fill('secret-123');
  // At least 6 and at most 128 characters: both met.
  await expect(form.locator('[data-met="true"]')).toHaveCount(2);
  await expect(form.locator('[data-met="false"]')).toHaveCount(0);
  await form.getByLabel(messages.en.Auth.fields.confirm).fill('secret-123');
  await form.getByRole('button', { name: messages.en.Auth.signup.submit }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.goto('/test');
  await expect(page.getByTestId('session')).toHaveText(`Signed in as ${email}`);
});

test('sign up refuses a password of 20,000 characters with the maximum, in German', async ({ page }) => {
  const de = messages.de.Auth;
  const password = 'x'.repeat(20_000);
  await page.goto('/de/signup');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: de.signup.title });
  await form.getByLabel(de.fields.email).fill(uniqueEmail('long-password'));
  await form.getByLabel(de.fields.password, { exact: true }).fill(password);
  await expect(
    form.getByRole('listitem').filter({ hasText: de.signup.rules.maxLength.replace('{value}', '128') }),
  ).toHaveAttribute('data-met', 'false');
  await form.getByLabel(de.fields.confirm).fill(password);
  await form.getByRole('button', { name: de.signup.submit }).click();
  await expect(form.getByRole('alert')).toHaveText(de.errors.passwordTooLong);
  await expect(page).toHaveURL(/\/de\/signup$/);
});

test('sign up refuses two different passwords, in German', async ({ page }) => {
  await page.goto('/de/signup');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.getByRole('form', { name: messages.de.Auth.signup.title });
  await form.getByLabel(messages.de.Auth.fields.email).fill(uniqueEmail('mismatch'));
  await form.getByLabel(messages.de.Auth.fields.password, { exact: true }).fill('secret-123');
  await form.getByLabel(messages.de.Auth.fields.confirm).fill('secret-124');
  await form.getByRole('button', { name: messages.de.Auth.signup.submit }).click();
  const confirm = form.getByLabel(messages.de.Auth.fields.confirm);
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAccessibleDescription(messages.de.Auth.signup.mismatch);
  await expect(confirm).toBeFocused();
  await expect(page).toHaveURL(/\/de\/signup$/);
});

for (const locale of localesUnderTest) {
  test(`sign up with everything empty marks every field at once and focuses the first (${locale})`, async ({
    page,
  }) => {
    const { fields, signup } = messages[locale].Auth;
    await page.goto(localized('/signup', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    const form = page.getByRole('form', { name: signup.title });
    await form.getByRole('button', { name: signup.submit }).click();
    const expected = [
      [form.getByLabel(fields.email), signup.missing.email],
      [form.getByLabel(fields.password, { exact: true }), signup.missing.password],
      [form.getByLabel(fields.confirm), signup.missing.confirm],
    ] as const;
    for (const [field, message] of expected) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.?]/g, '\\$&')}`));
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByLabel(fields.email)).toBeFocused();
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // A malformed address: only that field is marked now.
    await form.getByLabel(fields.email).fill('ada@');
    await form.getByLabel(fields.password, { exact: true }).fill('secret-123');
    await form.getByLabel(fields.confirm).fill('secret-123');
    await form.getByRole('button', { name: signup.submit }).click();
    await expect(form.getByLabel(fields.email)).toHaveAccessibleDescription(signup.invalidEmail);
    await expect(form.getByLabel(fields.email)).toBeFocused();
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${localized('/signup', locale)}$`));
  });
}

test('signed out at /de/dashboard/tickets?tab=open: login, then back at that exact path', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/de/dashboard/tickets?tab=open');
  await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Fdashboard%2Ftickets%3Ftab%3Dopen$/);
  const form = page.getByRole('form', { name: messages.de.Auth.login.title });
  await form.getByLabel(messages.de.Auth.fields.email).fill(account.email);
  await form.getByLabel(messages.de.Auth.fields.password).fill(account.password);
  await form.getByRole('button', { name: messages.de.Auth.login.submit }).click();
  await expect(page).toHaveURL(/\/de\/dashboard\/tickets\?tab=open$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Dashboard.tickets.title);
});

test('a hostile redirect falls back to the dashboard', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fdashboard');
  const form = page.getByRole('form', { name: messages.en.Auth.login.title });
  await form.getByLabel(messages.en.Auth.fields.email).fill(account.email);
  await form.getByLabel(messages.en.Auth.fields.password).fill(account.password);
  await form.getByRole('button', { name: messages.en.Auth.login.submit }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

for (const locale of ['en', 'de'] as const) {
  test(`a wrong password shows the translated message (${locale})`, async ({ page, consoleErrors }) => {
    // The identity provider's answer to the wrong password.
    consoleErrors.allow(/status of 400 .*accounts:signInWithPassword/);
    const account = await createAccount(page.request);
    await page.goto(locale === 'de' ? '/de/login' : '/login');
    const m = messages[locale];
    const form = page.getByRole('form', { name: m.Auth.login.title });
    await form.getByLabel(m.Auth.fields.email).fill(account.email);
    await form.getByLabel(m.Auth.fields.password).fill('not-the-password');
    await form.getByRole('button', { name: m.Auth.login.submit }).click();
    await expect(form.getByRole('alert')).toHaveText(
      new RegExp(`^(${m.Auth.errors.wrongPassword}|${m.Auth.errors.invalidCredential})$`),
    );
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('sign out ends the session, and a copy of its cookie stops working', async ({ page, browser }) => {
  const account = await signIn(page);
  const copied = (await page.context().cookies()).filter((cookie) => cookie.name === '__session');
  // Another client with a copy of the cookie (plain HTTP: a browser page would end the session itself,
  // having no Firebase user).
  const thief = await browser.newContext({ baseURL });
  await thief.addCookies(copied);
  const before = await thief.request.get('/dashboard/tickets');
  expect(new URL(before.url()).pathname).toBe('/dashboard/tickets');
  await page.goto('/dashboard');
  const menu = page.locator('details', { hasText: account.email });
  await menu.locator('summary').click();
  await menu.getByRole('button', { name: messages.en.Dashboard.userMenu.signOut }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  // The copy passes the proxy (it only unseals), but the dashboard checks the session at the data.
  const after = await thief.request.get('/dashboard/tickets');
  expect(new URL(after.url()).pathname).toBe('/login');
  await thief.close();
});

test('a session older than 24 h is sent to login', async ({ page, context }) => {
  await context.addCookies([
    await craftedSessionCookie({ lastLoginAt: new Date(Date.now() - 25 * 3600_000).toISOString() }),
  ]);
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fprofile$/);
});

test('?lang= skips the proxy check but the dashboard still refuses a visitor without a session', async ({ page }) => {
  await page.goto('/de/dashboard/tickets?lang=de');
  // The login comes back to the page and query that were asked for.
  await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Fdashboard%2Ftickets%3Flang%3Dde$/);
});

test('a forged x-middleware-subrequest header exposes nothing', async ({ request }) => {
  const response = await request.get('/dashboard', {
    headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toContain('/login?redirect=%2Fdashboard');
});

test('sign up, verify through the local mailbox, then the dashboard', async ({ page }) => {
  const email = uniqueEmail('verify');
  await page.goto('/de/signup');
  const form = page.getByRole('form', { name: messages.de.Auth.signup.title });
  await form.getByLabel(messages.de.Auth.fields.email).fill(email);
  await form.getByLabel(messages.de.Auth.fields.password, { exact: true }).fill('secret-123');
  await form.getByLabel(messages.de.Auth.fields.confirm).fill('secret-123');
  await form.getByRole('button', { name: messages.de.Auth.signup.submit }).click();
  await expect(page).toHaveURL(/\/de\/verify-email$/);

  await page.getByRole('link', { name: messages.de.Auth.verify.openMailbox }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.de.Mailbox.title);
  const mail = page.getByRole('listitem').filter({ hasText: email });
  await expect(mail).toContainText(messages.de.Mailbox.subjects.verifyEmail);
  await mail.getByRole('link', { name: messages.de.Mailbox.actions.verifyEmail }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.de.Auth.verify.verified);
  await page.getByRole('link', { name: messages.de.Auth.verify.toDashboard }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/);
  await page.goto('/de/verify-email');
  await expect(page.getByText(messages.de.Auth.verify.alreadyVerified)).toBeVisible();
});

test('password reset end to end: link from the mailbox, new password, sign in with it', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/login');
  await page.getByText(messages.en.Auth.forgot.toggle).click();
  const forgot = page.getByRole('form', { name: messages.en.Auth.forgot.toggle });
  await forgot.getByLabel(messages.en.Auth.fields.email).fill(account.email);
  await forgot.getByRole('button', { name: messages.en.Auth.forgot.submit }).click();
  await expect(forgot.getByRole('status')).toHaveText(messages.en.Auth.forgot.sent);

  await page.goto(`/mailbox?to=${encodeURIComponent(account.email)}`);
  await page.getByRole('link', { name: messages.en.Mailbox.actions.resetPassword }).click();
  const reset = page.getByRole('form', { name: messages.en.Auth.verify.savePassword });
  await expect(reset).toContainText(account.email);
  await reset.getByLabel(messages.en.Auth.verify.newPassword, { exact: true }).fill('brand-new-456');
  await reset.getByLabel(messages.en.Auth.verify.confirmPassword).fill('brand-new-456');
  await reset.getByRole('button', { name: messages.en.Auth.verify.savePassword }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.en.Auth.verify.passwordSaved);

  await page.goto('/login');
  const login = page.getByRole('form', { name: messages.en.Auth.login.title });
  await login.getByLabel(messages.en.Auth.fields.email).fill(account.email);
  await login.getByLabel(messages.en.Auth.fields.password).fill('brand-new-456');
  await login.getByRole('button', { name: messages.en.Auth.login.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an invalid action code shows the translated error', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400 .*accounts:update/);
  await page.goto('/de/verify-email?mode=verifyEmail&oobCode=not-a-code');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.de.Auth.errors.invalidActionCode);
});

test('a disabled account is signed out with the translated reason', async ({ page, consoleErrors }) => {
  // The provider refuses the disabled account's token, which is how the page learns of it.
  consoleErrors.allow(/status of 400 .*accounts:lookup/, /status of 400 .*securetoken\.googleapis\.com\/v1\/token/);
  const account = await createAccount(page.request);
  await signInThroughForm(page, account);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await disableAccount(page.request, account.uid);
  // The account is checked when a dashboard page loads and whenever the tab regains focus.
  await expect(async () => {
    if (page.url().endsWith('/dashboard'))
      await page.evaluate(() => window.dispatchEvent(new Event('focus'))).catch(() => {});
    await expect(page).toHaveURL(/\/login$/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const reasons = [messages.en.Auth.errors.userDisabled, messages.en.Auth.errors.userTokenExpired];
  await expect(page.locator('[data-toast-type="error"]', { hasText: new RegExp(reasons.join('|')) })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('a session cookie without the browser’s Firebase user is ended on the dashboard', async ({ page }) => {
  await startApiSession(page.request);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.locator('[data-toast-type="error"]', { hasText: messages.en.Auth.errors.userTokenExpired }),
  ).toBeVisible();
});
