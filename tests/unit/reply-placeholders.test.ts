/** @jest-environment node */
// Saved replies' placeholders (issue 39, point 3): known ones are filled when a reply is inserted, a missing value
// leaves no gap or stray comma, unknown ones are found for the server's 400, and the visitor's language is picked.
import {
  fillPlaceholders,
  replyMatches,
  replyText,
  unknownPlaceholders,
  type PlaceholderValues,
} from '@/lib/replies/placeholders';

const values: PlaceholderValues = {
  'visitor.name': 'Ada Lovelace',
  'visitor.email': 'ada@example.com',
  'operator.name': 'Grace',
  'widget.name': 'Shop help',
};
const anonymous: PlaceholderValues = { ...values, 'visitor.name': null, 'visitor.email': '  ' };

describe('fillPlaceholders', () => {
  it('fills every known placeholder, spaces inside the braces allowed', () => {
    expect(
      fillPlaceholders('Hi {{visitor.name}} ({{ visitor.email }}), {{operator.name}} of {{widget.name}} here.', values),
    ).toBe('Hi Ada Lovelace (ada@example.com), Grace of Shop help here.');
    expect(fillPlaceholders('{{visitor.name}}, {{visitor.name}}!', values)).toBe('Ada Lovelace, Ada Lovelace!');
  });

  it('leaves out a missing value with the space before it, or at a line’s start with the comma after it', () => {
    expect(fillPlaceholders('Hi {{visitor.name}}, thanks for writing.', anonymous)).toBe('Hi, thanks for writing.');
    expect(fillPlaceholders('Hallo {{visitor.name}}!', anonymous)).toBe('Hallo!');
    expect(fillPlaceholders('{{visitor.name}}, thanks.\n{{visitor.name}}: welcome', anonymous)).toBe(
      'thanks.\nwelcome',
    );
    expect(fillPlaceholders('We write to {{visitor.email}} soon.', anonymous)).toBe('We write to soon.');
    expect(fillPlaceholders('Hi {{visitor.name}}\nbye', anonymous)).toBe('Hi\nbye');
  });

  it('leaves anything that is no placeholder as it is', () => {
    expect(fillPlaceholders('Hi {{visitor.nick}}, {visitor.name} and {{ }}', values)).toBe(
      'Hi {{visitor.nick}}, {visitor.name} and {{ }}',
    );
  });
});

describe('unknownPlaceholders', () => {
  it('names each unknown placeholder once, as written, and none for known ones', () => {
    expect(unknownPlaceholders('Hi {{visitor.name}} {{ visitor.email }} {{operator.name}} {{widget.name}}')).toEqual(
      [],
    );
    expect(unknownPlaceholders('Hi {{visitor.vorname}}, {{visitor.vorname}} {{ shop }} {{}}')).toEqual([
      '{{visitor.vorname}}',
      '{{ shop }}',
      '{{}}',
    ]);
    expect(unknownPlaceholders('A single { brace } is text.')).toEqual([]);
  });
});

describe('replyText', () => {
  it('picks the visitor’s language, else the other one', () => {
    expect(replyText({ textEn: 'Hello', textDe: 'Hallo' }, 'de')).toBe('Hallo');
    expect(replyText({ textEn: 'Hello', textDe: 'Hallo' }, 'en')).toBe('Hello');
    expect(replyText({ textEn: 'Hello', textDe: null }, 'de')).toBe('Hello');
    expect(replyText({ textEn: null, textDe: 'Hallo' }, 'en')).toBe('Hallo');
  });
});

describe('replyMatches', () => {
  const reply = { title: 'Opening hours', textEn: 'Monday to Friday', textDe: 'Montag bis Freitag' };
  it('wants every word in the title or a text, any case', () => {
    expect(replyMatches(reply, '')).toBe(true);
    expect(replyMatches(reply, 'HOURS freitag')).toBe(true);
    expect(replyMatches(reply, 'hours sunday')).toBe(false);
  });
});
