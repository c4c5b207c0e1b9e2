import { expect, test, localized, localesUnderTest, messages } from './fixtures';
import { createAccount, uniqueEmail } from './auth';

// A quiet console (issue 15, point 13): every test of the suite fails on a console error it does not
// expect (tests/e2e/fixtures.ts); these are the flows that used to log some.

const emulator = `http://127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT || 9399}`;

for (const locale of localesUnderTest) {
  const { Auth } = messages[locale];

  test(`the sign-up page checks a password without asking the emulator for a policy (${locale})`, async ({ page }) => {
    const policyRequests: string[] = [];
    page.on('request', (request) => request.url().includes('passwordPolicy') && policyRequests.push(request.url()));
    await page.goto(localized('/signup', locale));
    await page.locator('html[data-hydrated="true"]').waitFor();
    const form = page.getByRole('form', { name: Auth.signup.title });
    await form.getByLabel(Auth.fields.email).fill(uniqueEmail('quiet'));
    await form.getByLabel(Auth.fields.password, { exact: true }).pressSequentially('secret-123');
    await expect(form.locator('[data-met="true"]')).toHaveCount(2);
    expect(policyRequests).toEqual([]);
  });
}

test('a verification link is applied once, even when the page moves to the remembered language', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const sent = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`,
    {
      data: { requestType: 'VERIFY_EMAIL', idToken: account.idToken },
    },
  );
  expect(sent.ok()).toBe(true);
  const { oobCodes } = await (await request.get(`${emulator}/emulator/v1/projects/demo-plauder/oobCodes`)).json();
  const code = (oobCodes as Array<{ email: string; oobCode: string }>).findLast(
    (entry) => entry.email === account.email,
  )!.oobCode;
  // The browser remembers German: the English link moves to the German page at start (the page mounts
  // twice), and the code is applied once (a second application would answer 400).
  await page.addInitScript(() => localStorage.setItem('i18n_redirected', 'de'));
  await page.goto(`/verify-email?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
  await expect(page).toHaveURL(/\/de\/verify-email\?mode=verifyEmail/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.de.Auth.verify.verified);
});

test('a console error the test did not expect fails it', async ({ page }) => {
  test.fail(true, 'the fixture must fail this test: its page logs an error nobody declared');
  await page.goto('/sample');
  await page.evaluate(() => console.error('an error nobody expected'));
});
