/** @jest-environment node */
import { parseEnv } from '@/lib/env';
import { catalogue, productView } from '@/lib/shop/catalogue';
import {
  breadcrumbJsonLd,
  jsonLdText,
  organizationJsonLd,
  productJsonLd,
  productListJsonLd,
  webSiteJsonLd,
} from '@/lib/seo/structured-data';

// Google Search Central's structured data documentation (product snippets and merchant listings,
// organization, breadcrumb): the properties it requires and those it recommends that are true here.
const PRODUCT = { required: ['name', 'offers'], recommended: ['description', 'image', 'sku', 'brand'] };
const OFFER = {
  required: ['price', 'priceCurrency'],
  recommended: ['availability', 'url', 'itemCondition', 'hasMerchantReturnPolicy'],
};
const RETURN_POLICY = {
  required: ['applicableCountry', 'returnPolicyCategory', 'merchantReturnDays'],
  recommended: ['returnFees', 'refundType', 'merchantReturnLink'],
};
const ORGANIZATION = {
  recommended: ['name', 'legalName', 'url', 'logo', 'email', 'address', 'description', 'vatID', 'telephone'],
};
const ADDRESS = ['streetAddress', 'postalCode', 'addressLocality', 'addressCountry'];

function hasAll(value: Record<string, unknown>, names: string[]) {
  for (const name of names) expect([name, value[name]]).toEqual([name, expect.anything()]);
}

const operator = parseEnv({}).operator;
const professional = catalogue.find((p) => p.slug === 'professional')!;

describe('structured data', () => {
  it('describes a product on its own page with its own image, its offer and the return policy of the terms', () => {
    const data = productJsonLd(productView(professional, 'de'), 'de', 'Plauder');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      sku: 'professional',
      url: 'http://localhost:3000/de/shop/professional',
      image: 'http://localhost:3000/og/professional.de.png',
      offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    hasAll(data, [...PRODUCT.required, ...PRODUCT.recommended]);
    hasAll(data.offers, [...OFFER.required, ...OFFER.recommended]);
    hasAll(data.offers.hasMerchantReturnPolicy, [...RETURN_POLICY.required, ...RETURN_POLICY.recommended]);
    expect(data.offers.hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 14,
      merchantReturnLink: 'http://localhost:3000/de/terms#withdrawal',
    });
    expect(data.offers.hasMerchantReturnPolicy.applicableCountry).toContain('DE');
  });

  it("offers a plan at the table's monthly price, with both periods' prices, and a service at its own", () => {
    const plan = productJsonLd(productView(professional, 'en'), 'en', 'Plauder');
    expect(plan.offers.priceSpecification).toEqual([
      {
        '@type': 'UnitPriceSpecification',
        price: '49.00',
        priceCurrency: 'EUR',
        valueAddedTaxIncluded: true,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
      {
        '@type': 'UnitPriceSpecification',
        price: '490.00',
        priceCurrency: 'EUR',
        valueAddedTaxIncluded: true,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'ANN' },
      },
    ]);
    const setup = catalogue.find((p) => p.slug === 'setup-service')!;
    const service = productJsonLd(productView(setup, 'en'), 'en', 'Plauder');
    expect(service.offers).toMatchObject({ price: '149.00', priceCurrency: 'EUR' });
    expect(service.offers).not.toHaveProperty('priceSpecification');
  });

  it('names the end of a price only when it has one', () => {
    const open = productJsonLd(productView(professional, 'en'), 'en', 'Plauder');
    expect(open.offers).not.toHaveProperty('priceValidUntil');
    const ending = productJsonLd(
      productView({ ...professional, priceValidUntil: '2027-03-31' }, 'en'),
      'en',
      'Plauder',
    );
    expect(ending.offers).toMatchObject({ priceValidUntil: '2027-03-31' });
  });

  it('describes the seller with the operator details of the legal pages, and the site', () => {
    const organization = organizationJsonLd(operator, { siteName: 'Plauder', description: 'Live chat', locale: 'en' });
    expect(organization).toMatchObject({
      '@type': 'Organization',
      legalName: operator.name,
      email: operator.email,
      url: 'http://localhost:3000/',
    });
    hasAll(organization, ORGANIZATION.recommended);
    hasAll(organization.address, ADDRESS);
    expect(webSiteJsonLd({ siteName: 'Plauder', locale: 'de' })).toMatchObject({
      '@type': 'WebSite',
      url: 'http://localhost:3000/de',
      inLanguage: 'de',
      publisher: { '@id': organization['@id'] },
    });
  });

  it('lists the products of the landing page as links to their own pages, not as products', () => {
    const products = catalogue.filter((p) => p.active).map((p) => productView(p, 'en'));
    const list = productListJsonLd(products, 'en');
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toEqual(
      products.map((p, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `http://localhost:3000/shop/${p.slug}`,
      })),
    );
    expect(JSON.stringify(list)).not.toContain('"Product"');
  });

  it('gives the breadcrumb trail positions, names and the link of every item but the page itself', () => {
    expect(breadcrumbJsonLd([{ name: 'Plauder', path: '/' }, { name: 'Professional' }], 'de')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Plauder', item: 'http://localhost:3000/de' },
        { '@type': 'ListItem', position: 2, name: 'Professional' },
      ],
    });
  });

  it('cannot close its script element, whatever the catalogue says', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>', line: 'a\u2028b' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', line: 'a\u2028b' });
  });
});
