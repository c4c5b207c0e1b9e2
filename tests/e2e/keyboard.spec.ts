import type { Locator, Page } from '@playwright/test';
import { expect, test, messages } from './fixtures';
import { signIn, uniqueEmail } from './auth';

// Keyboard only: every control is reached with Tab (in the page's focus order, from the top), filled by
// typing, chosen with the arrow keys and used with Enter or Space. No clicks.

/** Presses Tab until `target` has the focus; fails when it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  // Start from the top of the document, as a keyboard user arriving on the page does.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('sign up with the keyboard only', async ({ page }) => {
  const m = messages.en.Auth;
  await open(page, '/signup');
  const form = page.getByRole('form', { name: m.signup.title });
  await tabTo(page, form.getByLabel(m.fields.email));
  await page.keyboard.type(uniqueEmail('keyboard'));
  await tabTo(page, form.getByLabel(m.fields.password, { exact: true }), 5);
  await page.keyboard.type('secret-123');
  await tabTo(page, form.getByLabel(m.fields.confirm), 5);
  await page.keyboard.type('secret-123');
  await tabTo(page, form.getByRole('button', { name: m.signup.submit }), 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verify-email$/);
});

test('open a ticket with the keyboard only (de)', async ({ page }) => {
  const m = messages.de.Dashboard.tickets;
  await signIn(page);
  await open(page, '/de/dashboard/tickets');
  const form = page.getByRole('form', { name: m.create.title });
  const subject = `Tastatur ${Date.now()}`;
  await tabTo(page, form.getByLabel(m.create.subject));
  await page.keyboard.type(subject);
  await tabTo(page, form.getByLabel(m.create.category), 3);
  await page.keyboard.press('ArrowDown');
  await tabTo(page, form.getByLabel(m.create.message), 3);
  await page.keyboard.type('Das Widget erscheint seit gestern nicht mehr auf meiner Seite.');
  await tabTo(page, form.getByRole('button', { name: m.create.submit }), 3);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
});

test('buy the setup service twice and pay with the keyboard only', async ({ page }) => {
  const plans = messages.en.Home.plans;
  const c = messages.en.Shop.checkout;
  await open(page, '/');
  const form = page.getByRole('form', { name: plans.buyLabel.replace('{name}', 'Setup service') });
  await tabTo(page, form.getByLabel(plans.quantity));
  await page.keyboard.press('ArrowDown');
  await expect(form.getByLabel(plans.quantity)).toHaveValue('2');
  await tabTo(page, form.getByRole('button', { name: plans.buy }), 3);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\/checkout\/cs_local_[0-9a-f]{32}$/);
  await page.locator('html[data-hydrated="true"]').waitFor();

  const pay = page.getByRole('form', { name: c.pay.replace('{amount}', '€298.00') });
  await tabTo(page, pay.getByLabel(c.email));
  await page.keyboard.type('keyboard@example.com');
  await tabTo(page, pay.getByLabel(c.card), 1);
  await page.keyboard.type('4242 4242 4242 4242');
  await tabTo(page, pay.getByLabel(c.expiry), 1);
  await page.keyboard.type('12/34');
  await tabTo(page, pay.getByLabel(c.cvc), 1);
  await page.keyboard.type('123');
  await tabTo(page, pay.getByLabel(c.name), 1);
  await page.keyboard.type('Kim Keyboard');
  await tabTo(page, pay.getByRole('button', { name: c.pay.replace('{amount}', '€298.00') }), 6);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\/success\?order=/);
  await expect(page.getByRole('region', { name: messages.en.Shop.success.orderTitle }).getByRole('status')).toHaveText(
    messages.en.Shop.success.status.paid,
  );
});
