import 'server-only';
import { sql } from 'drizzle-orm';
import { onDatabaseOpen } from '@/lib/db';
import { products } from '@/lib/db/schema/shop';
import type { Database } from '@/lib/db/types';
import { catalogue } from './catalogue';

/**
 * The demo catalogue, and nothing else, is seeded: data/products.json is the catalogue's source, so a
 * start brings every product of the file up to date (inserted or updated by slug). A product whose
 * content did not change keeps its `updated_at` (a trigger decides, drizzle/0009_catalogue_changes.sql).
 */
export async function seedCatalogue(db: Database): Promise<void> {
  const rows = catalogue.map((product, position) => ({ ...product, position }));
  if (rows.length === 0) return;
  await db
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({
      target: products.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        features: sql`excluded.features`,
        priceCents: sql`excluded.price_cents`,
        currency: sql`excluded.currency`,
        stripePriceId: sql`excluded.stripe_price_id`,
        widgetLimit: sql`excluded.widget_limit`,
        active: sql`excluded.active`,
        highlighted: sql`excluded.highlighted`,
        position: sql`excluded.position`,
        priceValidUntil: sql`excluded.price_valid_until`,
      },
    });
}

// Whoever imports this module (the server's start, the shop's readers) has the catalogue in the database
// before `database()` first answers, on every opening.
onDatabaseOpen('catalogue', seedCatalogue);
