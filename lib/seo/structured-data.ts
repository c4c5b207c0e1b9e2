import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/paths';
import type { ProductView } from '@/lib/shop/catalogue';
import { absoluteUrl } from './urls';
import { ogImagePath } from './og-image';

/** The schema.org `Product` of a catalogue product, with its `Offer` (price, currency, availability). */
export function productJsonLd(product: ProductView, locale: Locale, brand: string) {
  const url = absoluteUrl(localizedPath(`/shop/${product.slug}`, locale));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    sku: product.slug,
    name: product.name,
    description: product.description,
    url,
    image: absoluteUrl(ogImagePath(locale)),
    brand: { '@type': 'Brand', name: brand },
    offers: {
      '@type': 'Offer',
      url,
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: product.currency,
      // Only active products are shown; a download and a service are never out of stock.
      availability: 'https://schema.org/InStock',
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped, so no text of the catalogue can
 * close the element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
