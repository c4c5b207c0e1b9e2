/** @jest-environment jsdom */
// jsdom itself: it applies a stylesheet's `:has()` rules to computed styles (the switch is CSS only).
import { readFileSync } from 'node:fs';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { PAID_PLAN_IDS, PLANS, PLAN_IDS } from '@/lib/billing/plans';
import { catalogue } from '@/lib/shop/catalogue';
import { safeRedirectPath } from '@/lib/auth/redirect';
import { IntervalSwitch, PlanCard, PlanFeatures, PlanPrices } from '@/components/shop/plan-offer';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const messages = { en, de } as const;

// The switch's rule as the site ships it.
const css = readFileSync(`${process.cwd()}/app/globals.css`, 'utf8');
const rule = css.slice(css.indexOf('[data-interval-scope]'));

function renderPlans(locale: 'en' | 'de') {
  const labels = messages[locale].Plans;
  const style = document.createElement('style');
  style.textContent = rule;
  document.head.append(style);
  const view = render(
    <section data-interval-scope>
      <IntervalSwitch labels={labels} />
      {PAID_PLAN_IDS.map((plan) => (
        <PlanCard
          key={plan}
          plan={plan}
          name={plan}
          title={plan}
          description=""
          highlighted={false}
          labels={labels}
          popular=""
          locale={locale}
        />
      ))}
    </section>,
  );
  return { labels, view };
}

const shown = (element: Element) => getComputedStyle(element).display !== 'none';
/** The texts of a card's parts that the chosen period shows. */
function visibleTexts(card: HTMLElement) {
  return [...card.querySelectorAll('[data-interval]')].filter(shown).map((part) => part.textContent);
}

afterEach(() => document.head.querySelectorAll('style').forEach((style) => style.remove()));

describe('the monthly/yearly switch', () => {
  it('is a labelled radio group, monthly at first, and shows only the chosen period', () => {
    const { labels } = renderPlans('en');
    const group = screen.getByRole('group', { name: labels.interval.legend });
    const monthly = within(group).getByRole('radio', { name: labels.interval.month });
    const yearly = within(group).getByRole('radio', { name: `${labels.interval.year} (save 17 %)` });
    expect(monthly).toBeChecked();
    const starter = screen.getByRole('article', { name: 'starter' });
    expect(visibleTexts(starter).join(' ')).toContain('€19.00');
    expect(visibleTexts(starter).join(' ')).not.toContain('€190.00');

    fireEvent.click(yearly);
    expect(yearly).toBeChecked();
    expect(visibleTexts(starter).join(' ')).toContain('€190.00');
    expect(visibleTexts(starter).join(' ')).not.toContain('€19.00 ');
    // One button per card and period: the yearly one now.
    const links = [...starter.querySelectorAll('[data-interval] a')].filter((link) => shown(link.parentElement!));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/signup?redirect=%2Fdashboard%2Fbilling%3Fplan%3Dstarter%26interval%3Dyear',
      '/dashboard/billing?plan=starter&interval=year',
    ]);
  });
});

describe('plan prices', () => {
  it('shows the gross monthly and yearly prices of the table, with VAT and the net price for businesses', () => {
    render(<PlanPrices plan="starter" labels={en.Plans} locale="en" />);
    const [month, year] = document.querySelectorAll('[data-interval]');
    expect(month).toHaveAttribute('data-interval', 'month');
    expect(month.textContent).toContain('€19.00 per month');
    expect(month.textContent).toContain('incl. 19 % VAT');
    expect(month.textContent).toContain('€15.97 excl. VAT for businesses');
    expect(month.textContent).toContain('14 days free, then billed monthly');
    expect(year.textContent).toContain('€190.00 per year');
    expect(year.textContent).toContain('€159.66 excl. VAT for businesses');
    expect(year.textContent).toContain('€15.83 a month: you save €38.00 a year');
  });

  it('speaks German with German number formats', () => {
    render(<PlanPrices plan="business" labels={de.Plans} locale="de" />);
    const [month, year] = document.querySelectorAll('[data-interval]');
    expect(month.textContent).toContain('129,00\u00a0€ pro Monat');
    expect(month.textContent).toContain('inkl. 19 % MwSt.');
    expect(month.textContent).toContain('108,40\u00a0€ zzgl. MwSt. für Unternehmen');
    expect(year.textContent).toContain('1.290,00\u00a0€ pro Jahr');
    expect(year.textContent).toContain('Sie sparen 258,00\u00a0€ im Jahr');
  });

  it('shows the free tier at no cost', () => {
    render(<PlanPrices plan="free" labels={en.Plans} locale="en" />);
    expect(document.body.textContent).toBe('€0.00 free, no card needed');
  });
});

describe('what a plan includes', () => {
  it.each(PLAN_IDS)('lists exactly the seats, widgets and features of the table for %s', (plan) => {
    render(<PlanFeatures plan={plan} labels={de.Plans} locale="de" />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-feature'))).toEqual([
      'seats',
      'widgets',
      ...PLANS[plan].features,
    ]);
    expect(items[0]).toHaveTextContent(
      `${PLANS[plan].seats} ${PLANS[plan].seats === 1 ? 'Teammitglied' : 'Teammitglieder'}`,
    );
    expect(items[1]).toHaveTextContent(`${PLANS[plan].widgets} Chat-Widget`);
    PLANS[plan].features.forEach((feature, at) =>
      expect(items[at + 2]).toHaveTextContent(de.Plans.features[feature].name),
    );
  });

  it('makes no claim of the data file for a plan', () => {
    for (const plan of PAID_PLAN_IDS)
      expect(catalogue.find((p) => p.slug === plan)!.features).toEqual({ en: [], de: [] });
  });
});

describe('the plan button', () => {
  it('leads a German visitor through the sign-up to the billing page, on this origin only', () => {
    renderPlans('de');
    const card = screen.getByRole('article', { name: 'professional' });
    const [signup] = [...card.querySelectorAll('[data-interval="month"] a')];
    const href = signup.getAttribute('href')!;
    expect(href).toBe('/de/signup?redirect=%2Fde%2Fdashboard%2Fbilling%3Fplan%3Dprofessional%26interval%3Dmonth');
    expect(signup).toHaveTextContent('professional wählen');
    const target = new URL(href, 'http://localhost').searchParams.get('redirect');
    expect(safeRedirectPath(target)).toBe('/de/dashboard/billing?plan=professional&interval=month');
  });
});
