import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/routing';
import { LEGAL_DOCUMENTS, WITHDRAWAL_ANCHOR, type LegalDocument } from '@/lib/legal/documents';
import { pageMetadata } from '@/lib/seo/metadata';
import { OperatorDetails } from './operator-details';

/**
 * A legal page: its title, the date of its text, its sections and the seller. The imprint names the
 * seller first (it is what it is about); the other texts after their sections.
 */
export async function LegalPage({ document, locale }: { document: LegalDocument; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: `Legal.${document}` });
  const legal = await getTranslations({ locale, namespace: 'Legal' });
  const { sections, updated } = LEGAL_DOCUMENTS[document];
  // A calendar day, the same for every reader.
  const day = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  const operator = <OperatorDetails operator={env.operator} locale={locale} />;
  return (
    <article aria-labelledby="legal-title" className="space-y-8">
      <header className="space-y-2">
        <h1 id="legal-title" className="text-3xl font-bold text-slate-900">
          {t('title')}
        </h1>
        <p className="text-slate-700">{t('intro')}</p>
        {updated && <p className="text-sm text-slate-600">{legal('updated', { date: day(updated) })}</p>}
      </header>
      {document === 'imprint' && operator}
      {sections.map((id) => (
        <section
          key={id}
          id={id === 'withdrawal' ? WITHDRAWAL_ANCHOR : id}
          aria-labelledby={`${id}-title`}
          className="space-y-2"
        >
          <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
            {t(`sections.${id}.title` as never)}
          </h2>
          {/* A blank line in the text starts a paragraph (the withdrawal's parts). */}
          {t(`sections.${id}.text` as never)
            .split('\n\n')
            .map((paragraph: string) => (
              <p key={paragraph} className="leading-relaxed text-slate-800">
                {paragraph}
              </p>
            ))}
        </section>
      ))}
      {document !== 'imprint' && operator}
    </article>
  );
}

type LegalRouteProps = { params: Promise<{ locale: string }> };

/** A legal document's page and metadata, for its route (app/[locale]/(default)/<document>/page.tsx). */
export function legalRoute(document: LegalDocument) {
  return {
    generateMetadata: async ({ params }: LegalRouteProps): Promise<Metadata> =>
      pageMetadata((await params).locale as Locale, document, LEGAL_DOCUMENTS[document].path),
    Page: async function LegalRoutePage({ params }: LegalRouteProps) {
      const locale = (await params).locale as Locale;
      setRequestLocale(locale);
      return <LegalPage document={document} locale={locale} />;
    },
  };
}
