import type { Locale } from '@/lib/i18n/routing';

/** The VAT rate German prices include (the standard rate), in basis points. */
export const GERMAN_VAT_BASIS_POINTS = 1900;

/**
 * The net amount and the VAT a gross amount includes (prices are quoted with VAT): the net is rounded
 * to the cent and the VAT is the rest, so the two always add up to the gross.
 */
export function splitVat(
  grossCents: number,
  rateBasisPoints: number,
): { netCents: number; vatCents: number; ratePercent: number } {
  const netCents = Math.round((grossCents * 10_000) / (10_000 + rateBasisPoints));
  return { netCents, vatCents: grossCents - netCents, ratePercent: rateBasisPoints / 100 };
}

export function formatPrice(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
