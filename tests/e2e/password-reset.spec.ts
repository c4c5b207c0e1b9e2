import { expect, test, localized, localesUnderTest, messages } from './fixtures';
import { createAccount, uniqueEmail } from './auth';

// Password reset that reads right (issue 15, point 8): the request answers the same for known and
// unknown addresses, the login form's old error goes when the reset form opens, and the reset page is
// titled for what it does, with one way back to the sign-in.

for (const locale of localesUnderTest) {
  const { Auth, Metadata, Mailbox } = messages[locale];

  test(`request a reset link, choose a new password, sign in with it (${locale})`, async ({ page, consoleErrors }) => {
    // The identity provider's own answers to the wrong password, and (the emulator has no enumeration
    // protection) to the unknown address; the page shows neither difference.
    consoleErrors.allow(/status of 400 .*accounts:signInWithPassword/, /status of 400 .*accounts:sendOobCode/);
    const account = await createAccount(page.request);
    await page.goto(localized('/login', locale));
    const login = page.getByRole('form', { name: Auth.login.title });
    await login.getByLabel(Auth.fields.email).fill(account.email);
    await login.getByLabel(Auth.fields.password).fill('not-the-password');
    await login.getByRole('button', { name: Auth.login.submit }).click();
    await expect(login.getByRole('alert')).toBeVisible();

    await page.getByText(Auth.forgot.toggle).click();
    await expect(login.getByRole('alert')).toHaveCount(0);
    const forgot = page.getByRole('form', { name: Auth.forgot.toggle });
    await forgot.getByLabel(Auth.fields.email).fill(uniqueEmail('nobody'));
    await forgot.getByRole('button', { name: Auth.forgot.submit }).click();
    await expect(forgot.getByRole('status')).toHaveText(Auth.forgot.sent);
    await expect(forgot.getByRole('alert')).toHaveCount(0);
    await forgot.getByLabel(Auth.fields.email).fill(account.email);
    await forgot.getByRole('button', { name: Auth.forgot.submit }).click();
    await expect(forgot.getByRole('status')).toHaveText(Auth.forgot.sent);

    await page.goto(`${localized('/mailbox', locale)}?to=${encodeURIComponent(account.email)}`);
    await page.getByRole('link', { name: Mailbox.actions.resetPassword }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(Auth.reset.title);
    await expect(page).toHaveTitle(`${Metadata.resetPassword.title} · Plauder`);
    await expect(page.getByText(Auth.verify.title)).toHaveCount(0);
    const reset = page.getByRole('form', { name: Auth.verify.savePassword });
    await expect(reset).toContainText(account.email);
    await reset.getByLabel(Auth.verify.newPassword, { exact: true }).fill('brand-new-456');
    await reset.getByLabel(Auth.verify.confirmPassword).fill('brand-new-456');
    await reset.getByRole('button', { name: Auth.verify.savePassword }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(Auth.verify.passwordSaved);
    await expect(page.getByRole('link', { name: Auth.verify.backToLogin })).toHaveCount(1);

    await page.getByRole('link', { name: Auth.verify.backToLogin }).click();
    await expect(page).toHaveURL(new RegExp(`${localized('/login', locale)}$`));
    await login.getByLabel(Auth.fields.email).fill(account.email);
    await login.getByLabel(Auth.fields.password).fill('brand-new-456');
    await login.getByRole('button', { name: Auth.login.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${localized('/dashboard', locale)}$`));
  });
}
