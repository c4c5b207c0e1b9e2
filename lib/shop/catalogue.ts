import { z } from 'zod';
import raw from '@/data/products.json';
import type { Locale } from '@/lib/i18n/routing';

const localized = <T extends z.ZodType>(value: T) => z.object({ en: value, de: value });

export const productSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{2,40}$/),
  name: localized(z.string().min(1).max(80)),
  description: localized(z.string().min(1).max(400)),
  features: localized(z.array(z.string().min(1).max(120)).max(12)),
  priceCents: z.number().int().min(0).max(10_000_000),
  currency: z.literal('EUR'),
  widgetLimit: z.number().int().min(1).nullable(),
  stripePriceId: z.string().min(1).nullable(),
  active: z.boolean(),
  highlighted: z.boolean().default(false),
  /** The last day of the price (`YYYY-MM-DD`) when the offer ends; null: the price has no end. */
  priceValidUntil: z.iso.date().nullable().default(null),
});

export type Product = z.infer<typeof productSchema>;

export const catalogue: readonly Product[] = z.array(productSchema).parse(raw);

/** A product as a page shows it: texts in one language, nothing else. */
export type ProductView = {
  slug: string;
  name: string;
  description: string;
  features: string[];
  priceCents: number;
  currency: string;
  widgetLimit: number | null;
  highlighted: boolean;
  priceValidUntil: string | null;
};

/** A product of the catalogue (the data file's or the database's) in one language. */
export function productView(
  product: Omit<Product, 'stripePriceId' | 'active' | 'currency' | 'priceValidUntil'> & {
    currency: string;
    priceValidUntil?: string | null;
  },
  locale: Locale,
): ProductView {
  return {
    slug: product.slug,
    name: product.name[locale],
    description: product.description[locale],
    features: product.features[locale],
    priceCents: product.priceCents,
    currency: product.currency,
    widgetLimit: product.widgetLimit,
    highlighted: product.highlighted,
    priceValidUntil: product.priceValidUntil ?? null,
  };
}
