// VAT on what Plauder sells, from a seller in Germany: which rate applies to a buyer, and how a listed gross
// price splits into net and tax. Pure (no settings, no database), so the rules are tested as a table.
import { GERMAN_VAT_BASIS_POINTS, splitVat } from '@/lib/money';

/** The standard rate of each EU member state in basis points (one-stop shop for consumers), as of 2026. */
export const EU_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export const isEuCountry = (country: string) => Object.hasOwn(EU_VAT_RATES, country);

/** The format of each member state's VAT ID after its prefix (Greece's prefix is EL). */
const VAT_ID_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** A VAT ID as people write it (`de 123 456-789`) in the form invoices print: `DE123456789`. */
export const normalizeVatId = (value: string) => value.toUpperCase().replace(/[\s.\-]/g, '');

/** Whether `vatId` (normalised) has the format of a VAT ID of `country` (ISO-2; Greece's IDs start with EL). */
export function isVatIdOf(vatId: string, country: string): boolean {
  const prefix = country === 'GR' ? 'EL' : country;
  return vatId.startsWith(prefix) && (VAT_ID_FORMATS[prefix]?.test(vatId.slice(2)) ?? false);
}

export type TaxBuyer = { country: string; business: boolean; vatId: string | null };

/** Why an invoice carries no German VAT (the note's key, Invoice.notes). */
export type TaxNote = 'reverseCharge' | 'outsideEu';

export type Tax = {
  netCents: number;
  rateBasisPoints: number;
  taxCents: number;
  grossCents: number;
  reverseCharge: boolean;
  note: TaxNote | null;
};

/** `grossCents` without the tax at `rateBasisPoints`, rounded to cents (half away from zero, so a refund mirrors). */
export function netOf(grossCents: number, rateBasisPoints: number): number {
  const { netCents } = splitVat(Math.abs(grossCents), rateBasisPoints);
  return grossCents < 0 ? -netCents : netCents;
}

/**
 * The tax on a listed price (`grossCents`, German VAT included) for `buyer`:
 * - in Germany: 19 %, the listed price;
 * - a business elsewhere in the EU with its VAT ID: reverse charge, 0 %, the price without German VAT;
 * - a consumer elsewhere in the EU: its country's standard rate on the listed price (one-stop shop);
 * - outside the EU: no German VAT, the price without it.
 */
export function taxFor(buyer: TaxBuyer, grossCents: number): Tax {
  const untaxed = (note: TaxNote): Tax => {
    const net = netOf(grossCents, GERMAN_VAT_BASIS_POINTS);
    return {
      netCents: net,
      rateBasisPoints: 0,
      taxCents: 0,
      grossCents: net,
      reverseCharge: note === 'reverseCharge',
      note,
    };
  };
  if (!isEuCountry(buyer.country)) return untaxed('outsideEu');
  if (buyer.country !== 'DE' && buyer.business && buyer.vatId) return untaxed('reverseCharge');
  const rate = EU_VAT_RATES[buyer.country];
  const net = netOf(grossCents, rate);
  return {
    netCents: net,
    rateBasisPoints: rate,
    taxCents: grossCents - net,
    grossCents,
    reverseCharge: false,
    note: null,
  };
}
