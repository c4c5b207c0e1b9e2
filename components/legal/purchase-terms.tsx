import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import type { Locale } from '@/lib/i18n/routing';
import { LEGAL_DOCUMENTS, WITHDRAWAL_ANCHOR } from '@/lib/legal/documents';

const LINK = 'text-brand-700 underline underline-offset-4';

/** Next to a purchase: the terms of sale, the right of withdrawal and the privacy policy it is made under. */
export async function PurchaseTerms({ locale, at }: { locale: Locale; at: 'checkout' | 'product' }) {
  const t = await getTranslations({ locale, namespace: `Shop.${at}` });
  return (
    <p className="text-sm text-slate-700" data-purchase-terms>
      {t.rich('legal', {
        terms: (text) => (
          <Link href={LEGAL_DOCUMENTS.terms.path} locale={locale} className={LINK}>
            {text}
          </Link>
        ),
        withdrawal: (text) => (
          <Link href={`${LEGAL_DOCUMENTS.terms.path}#${WITHDRAWAL_ANCHOR}`} locale={locale} className={LINK}>
            {text}
          </Link>
        ),
        privacy: (text) => (
          <Link href={LEGAL_DOCUMENTS.privacy.path} locale={locale} className={LINK}>
            {text}
          </Link>
        ),
      })}
    </p>
  );
}
