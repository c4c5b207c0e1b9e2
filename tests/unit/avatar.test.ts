import { avatarColour, avatarSource, identiconSvg, initials } from '@/lib/avatar/default';

describe('default avatars', () => {
  it.each([
    ['Ada Lovelace', null, 'AL'],
    ['  jürgen  ', null, 'J'],
    ['Émile Zola Junior', null, 'ÉZ'],
    [null, 'max.mustermann@example.com', 'MM'],
    ['', 'anna@example.com', 'A'],
    [null, null, '?'],
  ])('initials of %j / %j are %s', (name, email, expected) => {
    expect(initials(name, email)).toBe(expected);
  });

  it('derives a stable colour and identicon from the user id', () => {
    expect(avatarColour('user-1')).toBe(avatarColour('user-1'));
    expect(identiconSvg('user-1')).toBe(identiconSvg('user-1'));
    expect(identiconSvg('user-1')).not.toBe(identiconSvg('user-2'));
  });

  it('draws a mirrored identicon', () => {
    const svg = identiconSvg('some-uid');
    const cells = [...svg.matchAll(/<rect x="(\d)" y="(\d)" width="1"/g)].map(([, x, y]) => `${x},${y}`);
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      const [x, y] = cell.split(',').map(Number);
      expect(cells).toContain(`${6 - x},${y}`);
    }
  });

  it('shows our own avatar addresses from this site and refuses unsafe ones', () => {
    expect(avatarSource('http://localhost:3100/api/avatars/u1?v=5')).toBe('/api/avatars/u1?v=5');
    expect(avatarSource('https://lh3.googleusercontent.com/a/photo.jpg')).toBe(
      'https://lh3.googleusercontent.com/a/photo.jpg',
    );
    expect(avatarSource('javascript:alert(1)')).toBeNull();
    expect(avatarSource('http://tracker.example/pixel.gif')).toBeNull();
    expect(avatarSource(null)).toBeNull();
  });
});
