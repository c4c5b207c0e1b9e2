import type { Locale } from '@/lib/i18n/routing';
import { activeProducts } from '@/lib/shop/products';

export type IndexablePage = { path: string; changefreq: 'daily' | 'weekly' | 'monthly'; priority: number };

/** Pages that search engines may index, with the same path in every locale. */
export const indexablePages: readonly IndexablePage[] = [
  { path: '/', changefreq: 'weekly', priority: 1.0 },
  { path: '/chat', changefreq: 'daily', priority: 0.6 },
];

/** Every indexable page: the fixed ones and a page per active product of the catalogue. */
export async function indexablePagesOf(locale: Locale): Promise<IndexablePage[]> {
  const products = await activeProducts(locale);
  return [
    ...indexablePages,
    ...products.map((product) => ({ path: `/shop/${product.slug}`, changefreq: 'weekly' as const, priority: 0.8 })),
  ];
}
