// Subscribing in local mode through the subscription's test checkout (issue 38), in both languages: the page
// shows the plan and the trial, passes axe, and its card form starts the subscription the billing API reports;
// the test clock then ends the trial with the first charge.
import { baseURL } from '../../playwright.config';
import { expect, test, axeViolations, localized, localesUnderTest, messages } from './fixtures';
import { signIn } from './auth';

const headers = { origin: baseURL };

for (const locale of localesUnderTest) {
  test(`an owner subscribes with a trial through the test checkout (${locale})`, async ({ page, consoleErrors }) => {
    // The billing page the checkout returns to is the integrator's slice: until it lands it answers 404.
    consoleErrors.allow(/dashboard\/billing/);
    const t = messages[locale].Shop;
    await signIn(page, undefined, locale);
    const { workspaces } = await (await page.request.get('/api/workspaces')).json();
    const wid = (workspaces as Array<{ id: string; personal: boolean }>).find((w) => w.personal)!.id;
    const opened = await page.request.post(`/api/workspaces/${wid}/billing/checkout`, {
      data: { plan: 'professional', interval: 'month', trial: true },
      headers: { ...headers, 'accept-language': locale },
    });
    expect(opened.status()).toBe(201);
    const { url } = await opened.json();
    expect(url).toMatch(new RegExp(`^${localized('/shop/subscribe/', locale)}cs_local_[0-9a-f]{32}$`));

    await page.goto(url);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page.getByRole('heading', { level: 1, name: t.subscribe.title })).toBeVisible();
    await expect(page.getByText('Professional', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(t.checkout.card).fill('4242 4242 4242 4242');
    await page.getByLabel(t.checkout.expiry).fill('12/34');
    await page.getByLabel(t.checkout.cvc).fill('123');
    await page.getByLabel(t.checkout.name).fill('Ada Lovelace');
    await page.getByRole('button', { name: t.subscribe.startTrial }).click();
    await expect(page).toHaveURL(new RegExp(`${localized('/dashboard/billing', locale)}$`));

    const billing = async () => (await page.request.get(`/api/workspaces/${wid}/billing`)).json();
    expect(await billing()).toMatchObject({ plan: 'professional', interval: 'month', status: 'trialing' });
    const advanced = await page.request.post('/api/test-clock/advance', { data: { days: 15 }, headers });
    expect(advanced.status()).toBe(200);
    expect(await billing()).toMatchObject({ plan: 'professional', status: 'active' });
  });
}
