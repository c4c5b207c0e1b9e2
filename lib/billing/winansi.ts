// The characters an invoice prints: its font is PDF's standard Helvetica, encoded as WinAnsi (Windows-1252):
// printable ASCII, Latin-1's letters and signs, and these 27 (€, typographic quotes and dashes, Œ, Š, Ž…).
// Listed, not decoded with TextDecoder('windows-1252'): Node 20 decodes that label as Latin-1 (0x80 → U+0080).
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const WIN_ANSI = new Set([
  ...Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x60 }, (_, i) => String.fromCharCode(0xa0 + i)),
  ...WIN_ANSI_EXTRA,
]);

export const isPrintable = (value: string) => [...value].every((char) => WIN_ANSI.has(char));

/** `value` as the font prints it: Intl's narrow and thin spaces as spaces, anything else missing as `?`. */
export const printable = (value: string) =>
  [...value.replace(/[\u2007\u2009\u202f]/g, ' ')].map((char) => (WIN_ANSI.has(char) ? char : '?')).join('');
