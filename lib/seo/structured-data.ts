// schema.org data for search engines, as Google's documentation asks for it: a Product (with its
// Offer) only on the page of that product, an ItemList of links to them on the landing page, the
// Organization and the WebSite on the home pages, a BreadcrumbList on product pages. Only what is true
// is said: a price's end only when it has one, no shipping (nothing is shipped), no ratings.
import type { Operator } from '@/lib/env';
import type { Locale } from '@/lib/i18n/routing';
import { localizedHref } from '@/lib/i18n/href';
import { localizedPath } from '@/lib/i18n/paths';
import { LEGAL_DOCUMENTS, WITHDRAWAL_ANCHOR } from '@/lib/legal/documents';
import type { ProductView } from '@/lib/shop/catalogue';
import { BILLING_INTERVALS, PLAN_CURRENCY, type BillingInterval } from '@/lib/billing/plans';
import { planOfProduct, planPrice } from '@/lib/storefront/plan-offers';
import { absoluteUrl } from './urls';
import { productImagePath } from './og-image';

const CONTEXT = 'https://schema.org';
/** The EU's member states: the 14-day right of withdrawal of the terms of sale is theirs. */
const EU = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];
const WITHDRAWAL_DAYS = 14;

const homeUrl = (locale: Locale) => absoluteUrl(localizedPath('/', locale));
const organizationId = () => `${absoluteUrl('/')}#organization`;
const productUrl = (slug: string, locale: Locale) => absoluteUrl(localizedPath(`/shop/${slug}`, locale));

/** The seller: the operator of the legal pages. */
export function organizationJsonLd(
  operator: Operator,
  { siteName, description, locale }: { siteName: string; description: string; locale: Locale },
) {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(),
    name: siteName,
    legalName: operator.name,
    description,
    url: homeUrl(locale),
    logo: absoluteUrl('/icon.svg'),
    email: operator.email,
    ...(operator.phone && { telephone: operator.phone }),
    address: {
      '@type': 'PostalAddress',
      streetAddress: operator.street,
      postalCode: operator.postalCode,
      addressLocality: operator.city,
      addressCountry: operator.country,
    },
    ...(operator.vatId && { vatID: operator.vatId }),
  };
}

export function webSiteJsonLd({ siteName, locale }: { siteName: string; locale: Locale }) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${homeUrl(locale)}#website`,
    name: siteName,
    url: homeUrl(locale),
    inLanguage: locale,
    publisher: { '@id': organizationId() },
  };
}

/** The landing page's list of products: links to their own pages (where each is described). */
export function productListJsonLd(products: ProductView[], locale: Locale) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: productUrl(product.slug, locale),
    })),
  };
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * The offer's price: a product's own, or for a plan its monthly price with both periods' prices as unit price
 * specifications (UN/CEFACT codes MON, ANN), VAT included as the page shows them.
 */
function price(product: ProductView) {
  const plan = planOfProduct(product.slug);
  if (!plan) return { price: euros(product.priceCents), priceCurrency: product.currency };
  const period = (interval: BillingInterval) => ({
    '@type': 'UnitPriceSpecification',
    price: euros(planPrice(plan, interval).grossCents),
    priceCurrency: PLAN_CURRENCY,
    valueAddedTaxIncluded: true,
    referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: interval === 'month' ? 'MON' : 'ANN' },
  });
  return {
    price: euros(planPrice(plan, 'month').grossCents),
    priceCurrency: PLAN_CURRENCY,
    priceSpecification: BILLING_INTERVALS.map(period),
  };
}

/** The schema.org `Product` of a catalogue product, with its `Offer`. */
export function productJsonLd(product: ProductView, locale: Locale, brand: string) {
  const url = productUrl(product.slug, locale);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${url}#product`,
    sku: product.slug,
    name: product.name,
    description: product.description,
    url,
    image: absoluteUrl(productImagePath(product.slug, locale)),
    brand: { '@type': 'Brand', name: brand },
    offers: {
      '@type': 'Offer',
      url,
      ...price(product),
      ...(product.priceValidUntil && { priceValidUntil: product.priceValidUntil }),
      // Only active products are shown; a licence and a service are never out of stock.
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@id': organizationId() },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: EU,
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: WITHDRAWAL_DAYS,
        returnFees: 'https://schema.org/FreeReturn',
        refundType: 'https://schema.org/FullRefund',
        merchantReturnLink: `${absoluteUrl(localizedPath(LEGAL_DOCUMENTS.terms.path, locale))}#${WITHDRAWAL_ANCHOR}`,
      },
    },
  };
}

/** The trail to a page: `items` from the home page on; the last one is the page itself (no link). */
export function breadcrumbJsonLd(items: Array<{ name: string; path?: string }>, locale: Locale) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(item.path && { item: absoluteUrl(localizedHref(item.path, locale)) }),
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped, so no text of the catalogue can
 * close the element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
