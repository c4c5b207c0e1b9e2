import { getTranslations } from 'next-intl/server';
import type { Operator } from '@/lib/env';
import type { Locale } from '@/lib/i18n/routing';

/** The seller as every legal page names it (from the configuration); local mode's placeholders say so. */
export async function OperatorDetails({ operator, locale }: { operator: Operator; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Legal.operator' });
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(operator.country) ?? operator.country;
  return (
    <section aria-labelledby="operator-title" className="rounded-lg border border-slate-200 bg-white p-6" data-operator>
      {operator.demo && (
        <p
          role="note"
          className="mb-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950"
        >
          {(await getTranslations({ locale, namespace: 'Legal' }))('demoNotice')}
        </p>
      )}
      <h2 id="operator-title" className="text-lg font-semibold text-slate-900">
        {operator.name}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
        {operator.representative && <Item term={t('representative')}>{operator.representative}</Item>}
        <Item term={t('address')}>
          <address className="not-italic">
            {operator.street}
            <br />
            {operator.postalCode} {operator.city}
            <br />
            {country}
          </address>
        </Item>
        <Item term={t('email')}>
          <a href={`mailto:${operator.email}`} className="text-brand-700 underline underline-offset-4">
            {operator.email}
          </a>
        </Item>
        {operator.phone && <Item term={t('phone')}>{operator.phone}</Item>}
        {operator.register && <Item term={t('register')}>{operator.register}</Item>}
        {operator.vatId && <Item term={t('vatId')}>{operator.vatId}</Item>}
      </dl>
    </section>
  );
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd className="mb-2 sm:mb-0">{children}</dd>
    </>
  );
}
