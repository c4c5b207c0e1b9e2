// The session hint's cookie (lib/session/hint.ts), here because the script reads it before any page does.
export const SESSION_HINT_COOKIE = 'signed_in';

/**
 * Runs before the first paint: the theme the user chose (cookie) or the device's, so that a page never
 * flashes in the other one, and whether this browser is signed in (the session hint cookie), so that
 * the header and footer of every page, prerendered ones too, show the right links from the first
 * paint. Inline, so the Content-Security-Policy allows it by its hash (lib/security/csp.ts).
 */
export const HEAD_SCRIPT = `try{var c=document.cookie,d=document.documentElement.dataset,m=c.match(/(?:^|; )theme=(light|dark)(?:;|$)/);d.theme=m?m[1]:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';if(/(?:^|; )${SESSION_HINT_COOKIE}=1(?:;|$)/.test(c))d.session='in'}catch(e){}`;
