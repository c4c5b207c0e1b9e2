/**
 * Runs before the first paint: the theme the user chose (cookie) or the device's, so that a page never
 * flashes in the other one. Inline, so the Content-Security-Policy allows it by its hash
 * (lib/security/csp.ts).
 */
export const THEME_SCRIPT = `try{var m=document.cookie.match(/(?:^|; )theme=(light|dark)(?:;|$)/);document.documentElement.dataset.theme=m?m[1]:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}`;
