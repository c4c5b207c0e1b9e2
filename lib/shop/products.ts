import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import type { Database } from '@/lib/db/types';
import { products } from '@/lib/db/schema';
import { isDatabaseUnavailable, unavailableInOneLine } from '@/lib/db/errors';
import type { Locale } from '@/lib/i18n/routing';
import { catalogue, productView, type ProductView } from './catalogue';
// Reads the catalogue: it is seeded before the database first answers.
import './seed';

/** A product of the active catalogue in one language; `id` is its public id (the slug). */
export type CatalogueItem = Omit<ProductView, 'slug'> & { id: string };

// `next build` opens no database: several build workers may render at once, and one PGlite folder must
// never be opened by two processes. Prerendered shop pages show the data file, which is exactly what a
// freshly seeded database holds; the server revalidates them as soon as it listens to the catalogue
// (lib/shop/catalogue-watch.ts), and again whenever the database's catalogue changes.
const building = () => process.env.NEXT_PHASE === 'phase-production-build';

/**
 * While the database cannot answer, a render of the catalogue fails, and Next keeps serving the last
 * good one (trying again a few seconds later). Next prints each such failure: one line.
 */
async function fromDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  try {
    return await read(await database());
  } catch (error) {
    throw isDatabaseUnavailable(error) ? unavailableInOneLine('catalogue', error) : error;
  }
}

/** The active products in one language, in catalogue order. */
export async function activeProducts(locale: Locale): Promise<ProductView[]> {
  if (building()) return catalogue.filter((product) => product.active).map((product) => productView(product, locale));
  const rows = await fromDatabase((db) =>
    db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.position), asc(products.slug)),
  );
  return rows.map((row) => productView(row, locale));
}

/** One active product by slug in one language, or null. */
export async function activeProduct(slug: string, locale: Locale): Promise<ProductView | null> {
  if (building()) {
    const product = catalogue.find((candidate) => candidate.slug === slug && candidate.active);
    return product ? productView(product, locale) : null;
  }
  const [row] = await fromDatabase((db) =>
    db
      .select()
      .from(products)
      .where(and(eq(products.slug, slug), eq(products.active, true)))
      .limit(1),
  );
  return row ? productView(row, locale) : null;
}

/** The active catalogue as `GET /api/products` answers it. */
export async function activeCatalogue(locale: Locale): Promise<CatalogueItem[]> {
  return (await activeProducts(locale)).map(({ slug, ...view }) => ({ id: slug, ...view }));
}

/** When the catalogue last changed: each active product's page, and the catalogue as a whole. */
export type CatalogueChanges = { products: Map<string, Date>; latest: Date | null };

/**
 * The real change times of the catalogue (rows' `updated_at`, kept by a trigger): the sitemaps' lastmod.
 * The build knows none (it reads the data file), so its sitemaps name none until the server renders
 * them again at start.
 */
export async function catalogueChanges(): Promise<CatalogueChanges> {
  if (building()) return { products: new Map(), latest: null };
  const rows = await fromDatabase((db) =>
    db.select({ slug: products.slug, active: products.active, updatedAt: products.updatedAt }).from(products),
  );
  const latest = rows.reduce<Date | null>(
    (newest, row) => (!newest || row.updatedAt > newest ? row.updatedAt : newest),
    null,
  );
  return { products: new Map(rows.filter((row) => row.active).map((row) => [row.slug, row.updatedAt])), latest };
}
