import type { Locale } from '@/lib/i18n/routing';
import { LEGAL_DOCUMENTS } from '@/lib/legal/documents';
import { activeProducts, catalogueChanges } from '@/lib/shop/products';

export type IndexablePage = {
  path: string;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: number;
  /** When the page's content last changed, where that is known; else the sitemap names no time. */
  lastModified: Date | null;
};

/**
 * Every page that search engines may index (the same path in every locale), with the real time of its
 * last change: a product page its product's, the landing page the catalogue's (it lists every product),
 * a legal text the date it states; the live chat changes with every message, so it names none.
 */
export async function indexablePagesOf(locale: Locale): Promise<IndexablePage[]> {
  const [products, changes] = await Promise.all([activeProducts(locale), catalogueChanges()]);
  const legal = Object.values(LEGAL_DOCUMENTS).map(({ path, updated }) => ({
    path,
    changefreq: 'yearly' as const,
    priority: 0.2,
    lastModified: updated ? new Date(`${updated}T00:00:00Z`) : null,
  }));
  return [
    { path: '/', changefreq: 'weekly', priority: 1.0, lastModified: changes.latest },
    { path: '/chat', changefreq: 'daily', priority: 0.6, lastModified: null },
    ...products.map((product) => ({
      path: `/shop/${product.slug}`,
      changefreq: 'weekly' as const,
      priority: 0.8,
      lastModified: changes.products.get(product.slug) ?? null,
    })),
    ...legal,
  ];
}
