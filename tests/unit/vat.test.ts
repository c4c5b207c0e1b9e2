/** @jest-environment node */
import { GERMAN_VAT_BASIS_POINTS, splitVat } from '@/lib/money';
import { ORDER_REFERENCE, newOrderReference } from '@/lib/shop/reference';

describe('splitVat: what a price with VAT included consists of', () => {
  it.each([
    [2900, 2437, 463],
    [7900, 6639, 1261],
    [29800, 25042, 4758],
    [1, 1, 0],
    [0, 0, 0],
  ])('%i cents gross at 19 %% are %i net and %i VAT, adding up to the gross', (gross, net, vat) => {
    expect(splitVat(gross, GERMAN_VAT_BASIS_POINTS)).toEqual({ netCents: net, vatCents: vat, ratePercent: 19 });
  });

  it('works for other rates (the reduced 7 %)', () => {
    expect(splitVat(10700, 700)).toEqual({ netCents: 10000, vatCents: 700, ratePercent: 7 });
  });
});

describe('order references', () => {
  it('are two groups of four characters without I, L, O or U, and differ', () => {
    const references = Array.from({ length: 500 }, newOrderReference);
    for (const reference of references) expect(reference).toMatch(ORDER_REFERENCE);
    expect(references.join('')).not.toMatch(/[ILOU]/);
    expect(new Set(references).size).toBe(500);
  });
});
