// The browser's placeholder and plural filling for catalogue slices (lib/i18n/slices.ts).
import { fill, plural } from '@/lib/i18n/slices';

describe('fill', () => {
  it('replaces every known placeholder and leaves unknown ones', () => {
    expect(fill('{name} wrote {count} of {max}', { name: 'Ada', count: 3, max: 10 })).toBe('Ada wrote 3 of 10');
    expect(fill('Hello {name}, {missing}', { name: 'Ada' })).toBe('Hello Ada, {missing}');
  });
});

describe('plural', () => {
  const forms = { one: '{count} new message from {name}', other: '{count} new messages from {name}' };

  it('chooses the form by the locale’s plural rules and fills it', () => {
    expect(plural(forms, 1, 'en', { name: 'Ada' })).toBe('1 new message from Ada');
    expect(plural(forms, 0, 'en', { name: 'Ada' })).toBe('0 new messages from Ada');
    expect(plural({ one: '{count} Nachricht', other: '{count} Nachrichten' }, 2, 'de')).toBe('2 Nachrichten');
  });
});
