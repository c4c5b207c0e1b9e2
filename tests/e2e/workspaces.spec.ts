// The dashboard's workspace switcher (issue 36): the personal workspace first, a new one made with a small form
// (translated validation), the choice remembered across reloads and shown on every dashboard page, in both
// languages, axe clean.
import { axeViolations, expect, localized, messages, openHydrated, test, type Locale } from './fixtures';
import { signIn } from './auth';

for (const locale of ['en', 'de'] as Locale[]) {
  const t = messages[locale].Dashboard.workspaces;
  const option = (name: string, role: 'owner' | 'admin' | 'agent') =>
    t.option.replace('{name}', name).replace('{role}', t.roles[role]);

  test(`switches workspaces and remembers the choice (${locale})`, async ({ page, consoleErrors }) => {
    // The empty name's 400, which the form shows.
    consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/api\/workspaces\)$/);
    await signIn(page, undefined, locale);
    await openHydrated(page, localized('/dashboard/inbox', locale));
    const switcher = page.getByLabel(t.label, { exact: true });
    await expect(switcher.locator('option:checked')).toHaveText(option(t.personal, 'owner'));

    // An empty name is refused with the API's translated sentence, and nothing is made.
    await page.getByRole('button', { name: t.new }).click();
    const name = page.getByLabel(t.name);
    await page.getByRole('button', { name: t.create }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#workspace-name-error')).toHaveText(messages[locale].Api.fields.required);
    await expect(switcher.locator('option')).toHaveCount(1);

    const team = `Team ${locale} ${Date.now()}`;
    await name.fill(team);
    await name.press('Enter');
    await expect(switcher.locator('option:checked')).toHaveText(option(team, 'owner'));
    expect(await axeViolations(page)).toEqual([]);

    // Remembered on the server: a reload and another dashboard page show the same workspace.
    await page.reload();
    await expect(page.getByLabel(t.label, { exact: true }).locator('option:checked')).toHaveText(option(team, 'owner'));
    await openHydrated(page, localized('/dashboard/widgets', locale));
    await expect(switcher.locator('option:checked')).toHaveText(option(team, 'owner'));

    // Back to the personal workspace with the keyboard.
    await switcher.focus();
    await switcher.selectOption({ label: option(t.personal, 'owner') });
    await expect(switcher).toBeEnabled();
    await page.reload();
    await expect(page.getByLabel(t.label, { exact: true }).locator('option:checked')).toHaveText(
      option(t.personal, 'owner'),
    );
    expect(await axeViolations(page)).toEqual([]);
  });
}
