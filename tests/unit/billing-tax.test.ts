/** @jest-environment node */
// The VAT rules of an invoice (issue 38, invoices): the listed prices include German VAT; the buyer's country,
// business and VAT ID decide the rate, and whether the price keeps or loses the tax.
import { EU_VAT_RATES, isVatIdOf, normalizeVatId, taxFor } from '@/lib/billing/tax';

const consumer = (country: string) => ({ country, business: false, vatId: null });

describe('taxFor', () => {
  it('charges 19 % in Germany, to a consumer or a business with a VAT ID alike', () => {
    const expected = {
      netCents: 1597,
      rateBasisPoints: 1900,
      taxCents: 303,
      grossCents: 1900,
      reverseCharge: false,
      note: null,
    };
    expect(taxFor(consumer('DE'), 1900)).toEqual(expected);
    expect(taxFor({ country: 'DE', business: true, vatId: 'DE123456789' }, 1900)).toEqual(expected);
  });

  it('reverses the charge for a business elsewhere in the EU with a VAT ID: the price without German VAT', () => {
    expect(taxFor({ country: 'AT', business: true, vatId: 'ATU12345678' }, 4900)).toEqual({
      netCents: 4118,
      rateBasisPoints: 0,
      taxCents: 0,
      grossCents: 4118,
      reverseCharge: true,
      note: 'reverseCharge',
    });
  });

  it('charges an EU consumer (and a business without a VAT ID) its own country’s rate on the listed price', () => {
    expect(taxFor(consumer('FR'), 12900)).toEqual({
      netCents: 10750,
      rateBasisPoints: 2000,
      taxCents: 2150,
      grossCents: 12900,
      reverseCharge: false,
      note: null,
    });
    expect(taxFor({ country: 'FI', business: true, vatId: null }, 1900)).toMatchObject({
      rateBasisPoints: 2550,
      netCents: 1514,
      taxCents: 386,
      grossCents: 1900,
    });
    expect(taxFor(consumer('HU'), 19000)).toMatchObject({ rateBasisPoints: 2700, netCents: 14961, taxCents: 4039 });
  });

  it('charges no German VAT outside the EU, with a note', () => {
    expect(taxFor(consumer('US'), 129000)).toEqual({
      netCents: 108403,
      rateBasisPoints: 0,
      taxCents: 0,
      grossCents: 108403,
      reverseCharge: false,
      note: 'outsideEu',
    });
    expect(taxFor({ country: 'CH', business: true, vatId: null }, 1900).note).toBe('outsideEu');
  });

  it('mirrors a refund: a negative amount splits exactly like the positive one', () => {
    for (const buyer of [consumer('DE'), consumer('FI'), { country: 'NL', business: true, vatId: 'NL123456789B01' }]) {
      for (const cents of [1, 5, 1900, 4321, 129000]) {
        const plus = taxFor(buyer, cents);
        const minus = taxFor(buyer, -cents);
        expect([minus.netCents, minus.taxCents, minus.grossCents]).toEqual([
          -plus.netCents,
          -plus.taxCents || 0,
          -plus.grossCents,
        ]);
        expect(plus.netCents + plus.taxCents).toBe(plus.grossCents);
      }
    }
  });

  it('knows the 27 member states', () => {
    expect(Object.keys(EU_VAT_RATES)).toHaveLength(27);
  });
});

describe('a VAT ID', () => {
  it('is checked against the format of its country’s prefix', () => {
    expect(isVatIdOf(normalizeVatId('de 123 456-789'), 'DE')).toBe(true);
    expect(isVatIdOf('ATU12345678', 'AT')).toBe(true);
    expect(isVatIdOf('EL123456789', 'GR')).toBe(true);
    expect(isVatIdOf('NL123456789B01', 'NL')).toBe(true);
    expect(isVatIdOf('FRXX123456789', 'FR')).toBe(true);
    expect(isVatIdOf('IE1234567WA', 'IE')).toBe(true);
    // Wrong length, wrong letters, another country's prefix, no EU country.
    expect(isVatIdOf('DE12345678', 'DE')).toBe(false);
    expect(isVatIdOf('AT12345678', 'AT')).toBe(false);
    expect(isVatIdOf('DE123456789', 'AT')).toBe(false);
    expect(isVatIdOf('GR123456789', 'GR')).toBe(false);
    expect(isVatIdOf('CHE123456789', 'CH')).toBe(false);
  });
});
