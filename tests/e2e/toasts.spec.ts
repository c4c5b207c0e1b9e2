import { expect, test, messages, openHydrated } from './fixtures';

test('the showcase raises every toast type, top-right by default', async ({ page }) => {
  await openHydrated(page, '/sample');
  const m = messages.en.Sample.toasts;
  for (const type of ['success', 'error', 'warning', 'info', 'default'] as const) {
    await page.getByRole('button', { name: m.type[type], exact: true }).click();
    const toast = page.locator(`[data-toast-type="${type}"]`, { hasText: m.message[type] });
    await expect(toast).toBeVisible();
    await expect(toast.locator('xpath=ancestor::ol[@data-sonner-toaster]')).toHaveAttribute('data-x-position', 'right');
    await expect(toast.getByRole('button', { name: messages.en.App.toast.close })).toBeVisible();
    await expect(toast.locator('[data-toast-progress]')).toHaveCount(type === 'error' ? 1 : 0);
  }
});

test('a toast goes away when clicked', async ({ page }) => {
  await openHydrated(page, '/sample');
  const m = messages.en.Sample.toasts;
  await page.getByRole('button', { name: m.type.info, exact: true }).click();
  const toast = page.locator('[data-toast-type="info"]');
  await toast.click();
  await expect(toast).toHaveCount(0);
});

test('the showcase places toasts in all six positions', async ({ page }) => {
  await openHydrated(page, '/de/sample');
  const m = messages.de.Sample.toasts;
  for (const position of [
    'top-left',
    'top-center',
    'top-right',
    'bottom-left',
    'bottom-center',
    'bottom-right',
  ] as const) {
    await page.getByRole('button', { name: m.position[position], exact: true }).click();
    const [y, x] = position.split('-');
    await expect(
      page.locator(`ol[data-sonner-toaster][data-y-position="${y}"][data-x-position="${x}"] [data-toast-type]`),
    ).toHaveCount(1);
  }
});

test('a new deployment is announced with a reload offer when the tab regains focus', async ({ page }) => {
  await openHydrated(page, '/de');
  let asked = '';
  await page.route('**/builds/latest.json?*', async (route) => {
    asked = route.request().url();
    await route.fulfill({ json: { id: 'a-newer-build' } });
  });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const toast = page.locator('[data-toast-type="info"]', { hasText: messages.de.App.newVersion.message });
  await expect(toast).toBeVisible();
  expect(asked).toMatch(/\?t=\d+$/);
  const reloaded = page.waitForEvent('load');
  await toast.getByRole('button', { name: messages.de.App.newVersion.reload }).click();
  await reloaded;
});

test('the same build is not announced', async ({ page }) => {
  await openHydrated(page, '/');
  const answered = page.waitForResponse('**/builds/latest.json?*');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  expect((await answered).status()).toBe(200);
  await page.waitForTimeout(300);
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
});
