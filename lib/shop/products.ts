import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { products } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { productView, type ProductView } from './catalogue';

/** A product of the active catalogue in one language; `id` is its public id (the slug). */
export type CatalogueItem = Omit<ProductView, 'slug'> & { id: string };

export async function activeCatalogue(locale: Locale): Promise<CatalogueItem[]> {
  const db = await database();
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.position), asc(products.slug));
  return rows.map((row) => {
    const { slug, ...view } = productView(row, locale);
    return { id: slug, ...view };
  });
}
