import sharp from 'sharp';
import { expect, test, messages } from './fixtures';
import { signIn, signInThroughForm } from './auth';

const m = messages.en.Dashboard.profile;

test('change the display name: the account menu shows it', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/profile');
  const form = page.getByRole('form', { name: m.identity.title });
  await form.getByLabel(m.identity.displayName).fill('Ada Lovelace');
  await form.getByRole('button', { name: m.identity.save }).click();
  await expect(page.locator('[data-toast-type="success"]', { hasText: m.identity.saved })).toBeVisible();
  await expect(page.locator('details summary')).toContainText('Ada Lovelace');
});

test('change password: the current one is checked, the new one signs in', async ({ page, browser, consoleErrors }) => {
  consoleErrors.allow(/status of 400 .*accounts:signInWithPassword/);
  const account = await signIn(page);
  await page.goto('/dashboard/profile');
  const form = page.getByRole('form', { name: m.password.title });
  await form.getByLabel(m.password.current).fill('wrong-password');
  await form.getByLabel(m.password.new).fill('changed-789');
  await form.getByRole('button', { name: m.password.save }).click();
  await expect(form.getByRole('alert')).toHaveText(
    new RegExp(`^(${messages.en.Auth.errors.wrongPassword}|${messages.en.Auth.errors.invalidCredential})$`),
  );

  await form.getByLabel(m.password.current).fill(account.password);
  await form.getByLabel(m.password.new).fill('changed-789');
  await form.getByRole('button', { name: m.password.save }).click();
  await expect(page.locator('[data-toast-type="success"]', { hasText: m.password.saved })).toBeVisible();

  const fresh = await browser.newPage();
  await signInThroughForm(fresh, { email: account.email, password: 'changed-789' });
  await fresh.close();
});

test('change e-mail: a confirmation goes to the new address (local mailbox)', async ({ page }) => {
  const account = await signIn(page);
  const newEmail = account.email.replace('@', '+new@');
  await page.goto('/dashboard/profile');
  const form = page.getByRole('form', { name: m.email.title });
  await form.getByLabel(m.email.newEmail).fill(newEmail);
  await form.getByLabel(m.password.current).fill(account.password);
  await form.getByRole('button', { name: m.email.save }).click();
  await expect(page.locator('[data-toast-type="success"]', { hasText: m.email.sent })).toBeVisible();
  await page.goto('/mailbox');
  await expect(page.getByRole('listitem').filter({ hasText: newEmail })).toContainText(
    messages.en.Mailbox.subjects.verifyAndChangeEmail,
  );
});

test('delete the account: re-authenticated, signed out, gone', async ({ page, consoleErrors }) => {
  // Signing in with the deleted account: the provider no longer knows it.
  consoleErrors.allow(/status of 400 .*accounts:signInWithPassword/);
  const account = await signIn(page);
  await page.goto('/de/dashboard/profile');
  const d = messages.de.Dashboard.profile.delete;
  const form = page.getByRole('form', { name: d.title });
  await form.getByLabel(d.confirmPassword).fill(account.password);
  await form.getByRole('button', { name: d.submit }).click();
  await expect(page).toHaveURL(/\/de$/);
  await page.goto('/de/dashboard');
  await expect(page).toHaveURL(/\/de\/login\?redirect=/);
  const login = page.getByRole('form', { name: messages.de.Auth.login.title });
  await login.getByLabel(messages.de.Auth.fields.email).fill(account.email);
  await login.getByLabel(messages.de.Auth.fields.password).fill(account.password);
  await login.getByRole('button', { name: messages.de.Auth.login.submit }).click();
  const e = messages.de.Auth.errors;
  await expect(login.getByRole('alert')).toHaveText(new RegExp(`^(${e.userNotFound}|${e.invalidCredential})$`));
});

test('upload a photo: the menu shows it; remove it: the initials are back', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/profile');
  const form = page.getByRole('form', { name: m.photo.title });
  const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#cc3366' } })
    .jpeg()
    .toBuffer();
  await form.getByLabel(m.photo.choose).setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: image });
  await form.getByRole('button', { name: m.photo.upload }).click();
  await expect(page.locator('[data-toast-type="success"]', { hasText: m.photo.saved })).toBeVisible();
  const menuImage = page.locator('details summary img');
  await expect(menuImage).toHaveAttribute('src', /^\/api\/avatars\/[^/?]+\?v=\d+$/);
  const served = await page.request.get((await menuImage.getAttribute('src'))!);
  expect(served.headers()['content-type']).toBe('image/webp');

  await page.getByRole('form', { name: m.photo.title }).getByRole('button', { name: m.photo.remove }).click();
  await expect(page.locator('[data-toast-type="success"]', { hasText: m.photo.removed })).toBeVisible();
  await expect(page.locator('details summary img')).toHaveCount(0);
  // Initials of user-<time>-…@example.com.
  await expect(page.locator('details summary svg text')).toHaveText('U1');
});

test('a file that is not an image is refused with the translated message (de)', async ({ page }) => {
  const de = messages.de.Dashboard.profile.photo;
  await signIn(page);
  await page.goto('/de/dashboard/profile');
  const form = page.getByRole('form', { name: de.title });
  await form
    .getByLabel(de.choose)
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByRole('alert')).toHaveText(de.notImage);
  await expect(form.getByRole('button', { name: de.upload })).toBeDisabled();
});
