import { linkify } from '@/lib/chat/linkify';
import { readableOn } from '@/lib/widgets/colour';

describe('linkify', () => {
  it('keeps plain text as it is', () => {
    expect(linkify('hello <b>world</b>')).toEqual([{ kind: 'text', text: 'hello <b>world</b>' }]);
  });

  it('turns http and https addresses into links, without the sentence punctuation after them', () => {
    expect(linkify('See https://example.com/docs?a=1&b=2. Or (http://localhost:3000/x), ok?')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/docs?a=1&b=2', href: 'https://example.com/docs?a=1&b=2' },
      { kind: 'text', text: '. Or (' },
      { kind: 'link', text: 'http://localhost:3000/x', href: 'http://localhost:3000/x' },
      { kind: 'text', text: '), ok?' },
    ]);
  });

  it('never links other schemes or markup around an address', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'ftp://example.com/file',
    ]) {
      expect(linkify(text).every((part) => part.kind === 'text')).toBe(true);
    }
    const parts = linkify('<a href="https://evil.example/">x</a>');
    const links = parts.filter((part) => part.kind === 'link');
    expect(links).toEqual([{ kind: 'link', text: 'https://evil.example/', href: 'https://evil.example/' }]);
    expect(parts.map((part) => part.text).join('')).toBe('<a href="https://evil.example/">x</a>');
  });

  it('keeps every character of the text across the parts', () => {
    const text = 'a https://x.example/ b https://y.example/path!\nnext line';
    expect(
      linkify(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});

describe('readableOn', () => {
  it('picks white on dark and near-black on light accent colours', () => {
    expect(readableOn('#4338ca')).toBe('#ffffff');
    expect(readableOn('#0f766e')).toBe('#ffffff');
    expect(readableOn('#000000')).toBe('#ffffff');
    expect(readableOn('#ffffff')).toBe('#111827');
    expect(readableOn('#fde047')).toBe('#111827');
  });
});
