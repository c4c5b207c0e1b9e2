// The session hint: a cookie the browser may read, saying only "this browser has a session". Pages are
// the same for everybody (prerendered, cached by a CDN), so the header and footer carry both variants
// and the head script shows one before the first paint (lib/head-script.ts). It proves nothing: pages
// and handlers verify the HttpOnly session cookie at the data.

import { SESSION_HINT_COOKIE } from '@/lib/head-script';

/** The hint's attributes: readable by scripts, and gone when the session cookie is (`maxAge` seconds). */
export function sessionHintOptions(secure: boolean, maxAge: number) {
  return { httpOnly: false, sameSite: 'lax' as const, secure, path: '/', maxAge };
}

/** Whether this browser holds the hint (in the browser). */
export function hasSessionHint(): boolean {
  return document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
}

/**
 * Writes the hint in the browser for `maxAge` seconds (0 drops it) and shows the matching variant of
 * the page at once (the head script does it on the next page).
 */
export function writeSessionHint(maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_HINT_COOKIE}=${maxAge > 0 ? '1' : ''}; Max-Age=${Math.max(0, maxAge)}; Path=/; SameSite=Lax${secure}`;
  if (maxAge > 0) document.documentElement.dataset.session = 'in';
  else delete document.documentElement.dataset.session;
}
