// Default avatars, generated here (no third-party avatar service): initials on a colour derived from the
// user id, or a symmetric identicon where no name is known.

/** Background colours with white text at a contrast of at least 4.5:1. */
const COLOURS = ['#1d4ed8', '#047857', '#b91c1c', '#7e22ce', '#a16207', '#0e7490', '#be185d', '#4338ca'];

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619) >>> 0;
  return value;
}

export function avatarColour(seed: string): string {
  return COLOURS[hash(seed) % COLOURS.length];
}

/** Up to two capital letters from the name, else from the e-mail address; `?` when neither is known. */
export function initials(name: string | null | undefined, email?: string | null): string {
  const source = name?.trim() || email?.split('@')[0] || '';
  const letters = source
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]!.toLocaleUpperCase());
  return letters.join('') || '?';
}

/** A 5×5 mirrored identicon for `seed`, as a standalone SVG document. */
export function identiconSvg(seed: string): string {
  const colour = avatarColour(seed);
  let bits = hash(`${seed}:cells`);
  const cells: string[] = [];
  for (let x = 0; x < 3; x++) {
    for (let y = 0; y < 5; y++) {
      const on = bits & 1;
      bits >>>= 1;
      if (!on) continue;
      cells.push(`<rect x="${x + 1}" y="${y + 1}" width="1" height="1"/>`);
      if (x < 2) cells.push(`<rect x="${5 - x}" y="${y + 1}" width="1" height="1"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" width="256" height="256" shape-rendering="crispEdges">` +
    `<rect width="7" height="7" fill="#f1f5f9"/><g fill="${colour}">${cells.join('')}</g></svg>`
  );
}

/** Where an uploaded photo is served; photoURLs pointing there are shown from this site, whatever host they name. */
export const AVATAR_PATH = '/api/avatars/';

/** The image source for a photoURL: our own avatar URLs become site-relative, others stay as they are. */
export function avatarSource(photoURL: string | null | undefined): string | null {
  if (!photoURL) return null;
  try {
    const url = new URL(photoURL, 'http://x');
    if (url.pathname.startsWith(AVATAR_PATH)) return `${url.pathname}${url.search}`;
    return url.protocol === 'https:' ? photoURL : null;
  } catch {
    return null;
  }
}
