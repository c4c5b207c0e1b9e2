/** @jest-environment node */
import { IntlMessageFormat } from 'intl-messageformat';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const catalogues = { en: flatten(en as Tree), de: flatten(de as Tree) };

describe('message catalogues', () => {
  it('have exactly the same keys', () => {
    const enKeys = [...catalogues.en.keys()].sort();
    const deKeys = [...catalogues.de.keys()].sort();
    expect(deKeys.filter((key) => !catalogues.en.has(key))).toEqual([]);
    expect(enKeys.filter((key) => !catalogues.de.has(key))).toEqual([]);
  });

  it.each(Object.keys(catalogues) as Array<keyof typeof catalogues>)('%s has no empty values', (locale) => {
    const empty = [...catalogues[locale]].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Object.keys(catalogues) as Array<keyof typeof catalogues>)('%s messages are valid ICU', (locale) => {
    for (const [key, value] of catalogues[locale]) {
      expect(() => new IntlMessageFormat(value, locale, undefined, { ignoreTag: false })).not.toThrow();
      expect(key).toBeTruthy();
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
    const mismatched = [...catalogues.en]
      .filter(
        ([key, value]) => JSON.stringify(placeholders(value)) !== JSON.stringify(placeholders(catalogues.de.get(key)!)),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('German is written with umlauts, not ae/oe/ue spellings', () => {
    const asciiFied =
      /\b(fuer|ueber|koennen|moechten|waehlen|schliessen|groesse|loeschen|zurueck|bestaetigen|aendern|gruen|oeffnen|pruefen|verfuegbar|fuenf)\w*/i;
    const offenders = [...catalogues.de].filter(([, value]) => asciiFied.test(value)).map(([key]) => key);
    expect(offenders).toEqual([]);
    expect([...catalogues.de.values()].join(' ')).toMatch(/[äöüß]/);
  });

  it('German addresses the reader consistently as "Sie", never "du"', () => {
    const informal = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|euch|euer|eure)\b/i;
    const offenders = [...catalogues.de].filter(([, value]) => informal.test(value)).map(([key]) => key);
    expect(offenders).toEqual([]);
  });
});
