/** @jest-environment node */
import { catalogue, productView } from '@/lib/shop/catalogue';
import { jsonLdText, productJsonLd } from '@/lib/seo/structured-data';

describe('structured data', () => {
  it('describes a product with its offer in the page language', () => {
    const product = productView(catalogue.find((p) => p.slug === 'professional')!, 'de');
    expect(productJsonLd(product, 'de', 'Plauder')).toMatchObject({
      '@type': 'Product',
      sku: 'professional',
      url: 'http://localhost:3000/de/shop/professional',
      image: 'http://localhost:3000/og/de.png',
      offers: { '@type': 'Offer', price: '79.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
  });

  it('cannot close its script element, whatever the catalogue says', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>', line: 'a\u2028b' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', line: 'a\u2028b' });
  });
});
