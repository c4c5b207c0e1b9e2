import { PLANS } from '@/lib/billing/plans';
import { LEGAL_DOCUMENTS } from '@/lib/legal/documents';
import { expect, test, axeViolations, localized, messages } from './fixtures';

// The plans on the landing page: subscriptions from the table of plans, a monthly/yearly switch, gross and
// net prices, and a button that leads through the sign-up to the billing page.
for (const locale of ['en', 'de'] as const) {
  const m = messages[locale];
  const euros = (value: string) => (locale === 'de' ? `${value.replace('.', ',')}\u00a0€` : `€${value}`);
  const billing = (plan: string, interval: string) =>
    `${localized('/dashboard/billing', locale)}?plan=${plan}&interval=${interval}`;

  test(`the plans switch between monthly and yearly prices, by keyboard too (${locale})`, async ({ page }) => {
    await page.goto(localized('/', locale));
    const plans = page.getByRole('region', { name: m.Home.plans.title });
    const professional = plans.getByRole('article', { name: 'Professional' });
    const period = plans.getByRole('group', { name: m.Plans.interval.legend });
    const monthly = period.getByRole('radio', { name: m.Plans.interval.month });
    const yearly = period.getByRole('radio', { name: new RegExp(`^${m.Plans.interval.year} `) });
    const choose = professional.getByRole('link', { name: m.Plans.choose.replace('{name}', 'Professional') });

    await expect(monthly).toBeChecked();
    await expect(professional).toContainText(euros('49.00'));
    await expect(professional).toContainText(m.Plans.net.replace('{amount}', euros('41.18')));
    await expect(professional.getByText(euros('490.00'))).toBeHidden();
    await expect(choose).toHaveAttribute(
      'href',
      `${localized('/signup', locale)}?redirect=${encodeURIComponent(billing('professional', 'month'))}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    await monthly.focus();
    await page.keyboard.press('ArrowRight');
    await expect(yearly).toBeChecked();
    await expect(yearly).toBeFocused();
    await expect(professional.getByText(euros('490.00'))).toBeVisible();
    await expect(professional).toContainText(m.Plans.net.replace('{amount}', euros('411.76')));
    await expect(professional.getByText(euros('49.00'), { exact: true })).toBeHidden();
    await expect(choose).toHaveAttribute(
      'href',
      `${localized('/signup', locale)}?redirect=${encodeURIComponent(billing('professional', 'year'))}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    // The sign-up keeps the target for the login beside it: same origin, the billing page.
    await choose.click();
    await expect(page).toHaveURL((url) => url.searchParams.get('redirect') === billing('professional', 'year'));
    await expect(page.getByRole('main').getByRole('link', { name: m.Auth.signup.loginLink })).toHaveAttribute(
      'href',
      `${localized('/login', locale)}?redirect=${encodeURIComponent(billing('professional', 'year'))}`,
    );
  });

  test(`each plan lists what the table gives it, and no plan is sold once any more (${locale})`, async ({ page }) => {
    await page.goto(localized('/', locale));
    const plans = page.getByRole('region', { name: m.Home.plans.title });
    for (const [plan, name] of [
      ['free', m.Plans.free.name],
      ['starter', 'Starter'],
      ['professional', 'Professional'],
      ['business', 'Business'],
    ] as const) {
      const card = plans.getByRole('article', { name });
      await expect(card.getByRole('listitem')).toHaveCount(2 + PLANS[plan].features.length);
      for (const feature of PLANS[plan].features)
        await expect(card.getByRole('listitem').filter({ hasText: m.Plans.features[feature].name })).toHaveCount(1);
      await expect(card.getByRole('form')).toHaveCount(0);
    }
    await expect(
      plans.getByRole('article', { name: m.Plans.free.name }).getByRole('link', { name: m.Plans.free.start }),
    ).toHaveAttribute('href', localized('/signup', locale));
    // The setup service keeps its one-time checkout.
    const setup = locale === 'de' ? 'Einrichtungsservice' : 'Setup service';
    await expect(plans.getByRole('form', { name: m.Home.plans.buyLabel.replace('{name}', setup) })).toHaveCount(1);
  });
}

for (const locale of ['en', 'de'] as const) {
  const m = messages[locale];

  test(`the terms of sale describe subscriptions, and the withdrawal right with its early expiry (${locale})`, async ({
    page,
  }) => {
    await page.goto(localized('/terms', locale));
    const sections = m.Legal.terms.sections;
    const headings = page.getByRole('article').getByRole('heading', { level: 2 });
    // The sections in order, then the seller's details.
    const titles = LEGAL_DOCUMENTS.terms.sections.map((id) => sections[id].title);
    await expect(headings.first()).toHaveText(titles[0]);
    expect((await headings.allTextContents()).slice(0, titles.length)).toEqual(titles);
    for (const id of ['subscription', 'changes', 'overdue', 'invoices'] as const)
      await expect(page.getByRole('region', { name: sections[id].title })).toHaveText(
        `${sections[id].title}${sections[id].text}`,
      );
    // The withdrawal's three parts, each its own paragraph; the last says when the right expires.
    const withdrawal = page.locator('#withdrawal');
    await expect(withdrawal.locator('p')).toHaveCount(3);
    await expect(withdrawal.locator('p').last()).toHaveText(sections.withdrawal.text.split('\n\n')[2]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`the landing page shows the pictures of the product in its language, loaded lazily (${locale})`, async ({
    page,
  }) => {
    await page.goto(localized('/', locale));
    const pictures = page.getByRole('region', { name: m.Home.pictures.title });
    for (const picture of ['inbox', 'widget'] as const) {
      const image = pictures.getByRole('img', { name: m.Home.pictures[picture].alt });
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute(
        'src',
        new RegExp(encodeURIComponent(`/screenshots/${picture}.${locale}.webp`)),
      );
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`the FAQ answers the trial, cancelling, a failed payment and the withdrawal (${locale})`, async ({ page }) => {
    await page.goto(localized('/', locale));
    const faq = page.getByRole('region', { name: m.Home.faq.title });
    for (const key of ['trial', 'cancel', 'overdue', 'withdrawal'] as const) {
      const { q, a } = m.Home.faq.items[key];
      await faq.getByText(q).click();
      await expect(faq.getByText(a)).toBeVisible();
    }
  });
}
