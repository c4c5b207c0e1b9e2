/** Where a signed-in user goes when no (acceptable) redirect target is given. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

const BASE = 'http://same-origin.invalid';
const MAX_LENGTH = 2048;

function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * The `redirect` query parameter as a same-origin path (with query and fragment), or `fallback`.
 * Refuses anything a browser could read as another origin: `//host`, `/\host`, schemes
 * (`https:`, `javascript:`), control characters (browsers drop tabs and newlines inside URLs), and the
 * percent-encoded forms of all of these.
 */
export function safeRedirectPath(raw: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return fallback;
  const decoded = decodeFully(raw);
  if (decoded === null) return fallback;
  // Browsers drop tabs and newlines inside URLs (`/\t/host` is `//host`): no raw control characters.
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return fallback;
  // Judge the path as given and fully decoded, each as written and after dot-segment normalisation
  // (`/.//evil.example` becomes `//evil.example`).
  let url: URL | null = null;
  for (const form of [raw, decoded]) {
    if (!form.startsWith('/') || form.startsWith('//') || form.includes('\\')) return fallback;
    let parsed: URL;
    try {
      parsed = new URL(form, BASE);
    } catch {
      return fallback;
    }
    if (parsed.origin !== BASE || parsed.pathname.startsWith('//')) return fallback;
    url ??= parsed;
  }
  if (!url) return fallback;
  return url.pathname + url.search + url.hash;
}

/** The `redirect` query parameter as a same-origin path, or null when it is missing or refused. */
export function redirectTarget(raw: unknown): string | null {
  return safeRedirectPath(raw, '') || null;
}

/**
 * The path of an e-mail action link's `continueUrl` (absolute, as Firebase requires it) when it points at
 * `origin` and passes `safeRedirectPath`; null otherwise, so a forged link cannot send anyone elsewhere.
 */
export function continueTarget(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || url.username || url.password) return null;
  return redirectTarget(url.pathname + url.search + url.hash);
}
