import type { ComponentProps } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';

type Href = ComponentProps<typeof Link>['href'];

/** The previous and next links of a list shown a page at a time, and where the reader is; none for one page. */
export async function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => Href }) {
  if (pages <= 1) return null;
  const t = await getTranslations('Dashboard.pagination');
  const link = 'font-semibold text-brand-700 underline underline-offset-4';
  return (
    <nav aria-label={t('label')} className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={link}>
          {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-700">{t('page', { page, pages })}</span>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className={link}>
          {t('next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
