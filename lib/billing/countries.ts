// The countries a billing address can be in: ISO 3166-1 alpha-2 codes (and Kosovo's XK, which Stripe and the
// EU use), taken from what Intl names, less the regions, reserved and withdrawn codes it also names.

const NOT_A_COUNTRY = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '),
);
const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const COUNTRY_CODES: readonly string[] = [...LETTERS]
  .flatMap((first) => [...LETTERS].map((second) => first + second))
  .filter((code) => !NOT_A_COUNTRY.has(code) && english.of(code) !== undefined);

const codes = new Set(COUNTRY_CODES);
export const isCountry = (code: string) => codes.has(code);

/** The countries as a select offers them: named in `locale`, in its alphabetical order. */
export function countryOptions(locale: string): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((value) => ({ value, label: names.of(value) ?? value })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
