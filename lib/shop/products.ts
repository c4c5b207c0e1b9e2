import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { products } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';

/** A product of the active catalogue in one language; `id` is its public id (the slug). */
export type CatalogueItem = {
  id: string;
  name: string;
  description: string;
  features: string[];
  priceCents: number;
  currency: string;
  widgetLimit: number | null;
  highlighted: boolean;
};

export async function activeCatalogue(locale: Locale): Promise<CatalogueItem[]> {
  const db = await database();
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.position), asc(products.slug));
  return rows.map((row) => ({
    id: row.slug,
    name: row.name[locale],
    description: row.description[locale],
    features: row.features[locale],
    priceCents: row.priceCents,
    currency: row.currency,
    widgetLimit: row.widgetLimit,
    highlighted: row.highlighted,
  }));
}
