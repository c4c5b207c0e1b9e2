/** @jest-environment node */
import { catalogue, productSchema, productView } from '@/lib/shop/catalogue';
import { formatPrice } from '@/lib/money';

describe('catalogue', () => {
  it('every product of the data file is valid and has texts in both languages', () => {
    expect(catalogue.length).toBeGreaterThan(0);
    for (const product of catalogue) {
      expect(productSchema.safeParse(product).success).toBe(true);
      expect(product.features.en).toHaveLength(product.features.de.length);
    }
  });

  it('shows a product in the requested language only, without its payment details', () => {
    const setup = productView(
      catalogue.find((p) => p.slug === 'setup-service')!,
      'de',
    );
    expect(setup.name).toBe('Einrichtungsservice');
    expect(setup.features.every((feature) => typeof feature === 'string')).toBe(true);
    expect(setup).not.toHaveProperty('stripePriceId');
    expect(setup).not.toHaveProperty('active');
  });

  it('formats prices in cents per locale', () => {
    expect(formatPrice(2900, 'EUR', 'en')).toBe('€29.00');
    expect(formatPrice(2900, 'EUR', 'de')).toBe('29,00\u00a0€');
    expect(formatPrice(19900, 'EUR', 'de')).toBe('199,00\u00a0€');
  });

  it('refuses a malformed product', () => {
    const bad = { ...catalogue[0], priceCents: 12.5 };
    expect(productSchema.safeParse(bad).success).toBe(false);
    expect(productSchema.safeParse({ ...catalogue[0], name: { en: 'Only English' } }).success).toBe(false);
  });
});
