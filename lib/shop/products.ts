import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { products } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { catalogue, productView, type ProductView } from './catalogue';

/** A product of the active catalogue in one language; `id` is its public id (the slug). */
export type CatalogueItem = Omit<ProductView, 'slug'> & { id: string };

// `next build` opens no database: several build workers may render at once, and one PGlite folder must
// never be opened by two processes. Prerendered shop pages show the data file, which is exactly what a
// freshly seeded database holds; the server revalidates them as soon as it listens to the catalogue
// (lib/shop/catalogue-watch.ts), and again whenever the database's catalogue changes.
const building = () => process.env.NEXT_PHASE === 'phase-production-build';

/** The active products in one language, in catalogue order. */
export async function activeProducts(locale: Locale): Promise<ProductView[]> {
  if (building()) return catalogue.filter((product) => product.active).map((product) => productView(product, locale));
  const db = await database();
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.position), asc(products.slug));
  return rows.map((row) => productView(row, locale));
}

/** One active product by slug in one language, or null. */
export async function activeProduct(slug: string, locale: Locale): Promise<ProductView | null> {
  if (building()) {
    const product = catalogue.find((candidate) => candidate.slug === slug && candidate.active);
    return product ? productView(product, locale) : null;
  }
  const db = await database();
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.active, true)))
    .limit(1);
  return row ? productView(row, locale) : null;
}

/** The active catalogue as `GET /api/products` answers it. */
export async function activeCatalogue(locale: Locale): Promise<CatalogueItem[]> {
  return (await activeProducts(locale)).map(({ slug, ...view }) => ({ id: slug, ...view }));
}
