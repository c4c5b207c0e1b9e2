'use client';

import { readApiError } from '@/lib/client/api-error';
import { visitorStorageKey } from '@/lib/widgets/frame';
import { visitorFetch } from './visitor-fetch';

/** The customer's signed-in user, from the snippet's data-user-* attributes (via the loader). */
export type UserClaim = { id: string; hash: string; detailsHash?: string; email?: string; name?: string };
/** Who the page says its visitor is: the snippet's user, a token its server signed (`identify`), or nobody. */
export type Claim = UserClaim | { token: string } | null;
type Stored = { token: string; userId: string | null };
/** What the widget knows of its visitor. */
export type StartedVisitor = { verified: boolean; name: string | null; email: string | null; blocked: boolean };

/** A refusal of the API in the visitor's language, with its code and the fields it names. */
export class WidgetApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function apiErrorOf(caught: unknown, fallback: string): WidgetApiError {
  const { message, code, fields } = readApiError(caught);
  return new WidgetApiError(message ?? fallback, code, fields);
}

/**
 * Where the widget keeps its visitor token: its own localStorage (browsers partition it per top-level
 * site, so each site the widget is on has its own visitor) once the visitor has written, memory before
 * that or where storage is blocked. Never a cookie: the token goes out only as `Authorization: Bearer …`.
 */
class TokenStore {
  private memory: Stored | null = null;
  constructor(private readonly key: string) {}

  read(): Stored | null {
    try {
      const raw = localStorage.getItem(this.key);
      if (raw) return JSON.parse(raw) as Stored;
    } catch {
      // Storage blocked (or a malformed entry): memory only.
    }
    return this.memory;
  }

  /** Keeps `value` in memory, and in the browser's storage when `persist` (a removal always reaches it). */
  write(value: Stored | null, persist: boolean) {
    this.memory = value;
    try {
      if (!value) localStorage.removeItem(this.key);
      else if (persist) localStorage.setItem(this.key, JSON.stringify(value));
    } catch {
      // Storage blocked: memory only.
    }
  }
}

/**
 * The visitor's side of the JSON API: starts or renews the visitor (with the customer's verified user
 * when the page names one), sends the token with every request, and when the server no longer accepts
 * it (401) starts a new visitor and says so.
 */
export class VisitorSession {
  private readonly store: TokenStore;
  private current: Stored | null = null;
  /** Whether the token may be stored in the browser: only once the visitor has written (issue 37). */
  private kept: boolean;

  constructor(
    readonly widgetId: string,
    private readonly fallbackError: string,
    /** Told when the workspace refuses the visitor's writing (403 visitorBlocked), so the composer gives way. */
    private readonly onBlocked?: () => void,
  ) {
    this.store = new TokenStore(visitorStorageKey(widgetId));
    this.kept = this.store.read() !== null;
  }

  get token(): string | null {
    return this.current?.token ?? null;
  }

  /** Whether this browser has been this widget's visitor before (then the widget reconnects at once). */
  returning(): boolean {
    return this.store.read() !== null;
  }

  /** A token handed over by an e-mail's link (the fragment of the widget page's URL). */
  adopt(token: string) {
    this.kept = true;
    this.store.write({ token, userId: null }, true);
  }

  /** The visitor has written (a message, an address): their token is kept for their next visit from now on. */
  keep() {
    this.kept = true;
    this.store.write(this.current, true);
  }

  /** Starts or renews the visitor; throws a WidgetApiError (e.g. identityUnverified). */
  async start(claim: Claim, locale: string): Promise<StartedVisitor> {
    const stored = this.store.read();
    const signed = claim && 'token' in claim;
    // Whose token it is: a signed user's is never an anonymous visitor's ('' is no snippet's user id).
    const userId = claim ? (signed ? '' : claim.id) : null;
    // A token of another (or a signed-out) user is not this visitor's: never send it.
    const reusable = stored && stored.userId === userId ? stored.token : null;
    const request = (token: string | null) =>
      visitorFetch<StartedVisitor & { token: string }>(`/api/widgets/${encodeURIComponent(this.widgetId)}/visitors`, {
        method: 'POST',
        body: { ...(claim && (signed ? { identityToken: claim.token } : { user: claim })), locale },
        headers: token ? { authorization: `Bearer ${token}` } : {},
        retry: 1,
      });
    let started;
    try {
      started = await request(reusable);
    } catch (caught) {
      const error = apiErrorOf(caught, this.fallbackError);
      if (error.code !== 'invalidVisitorToken') throw error;
      this.store.write(null, false);
      started = await request(null).catch((again) => Promise.reject(apiErrorOf(again, this.fallbackError)));
    }
    this.current = { token: started.token, userId };
    this.store.write(this.current, this.kept);
    const { verified, name, email, blocked } = started;
    return { verified, name, email, blocked };
  }

  /** A request of the visitor (token attached); a 401 drops the token so the caller can start over. */
  async call<T>(
    path: string,
    options: {
      method?: 'GET' | 'POST' | 'PATCH';
      body?: Record<string, unknown>;
      query?: Record<string, unknown>;
    } = {},
  ): Promise<T> {
    try {
      return await visitorFetch<T>(`/api/widgets/${encodeURIComponent(this.widgetId)}${path}`, {
        ...options,
        headers: this.current ? { authorization: `Bearer ${this.current.token}` } : {},
      });
    } catch (caught) {
      const error = apiErrorOf(caught, this.fallbackError);
      if (error.code === 'invalidVisitorToken') {
        this.current = null;
        this.store.write(null, false);
      }
      if (error.code === 'visitorBlocked') this.onBlocked?.();
      throw error;
    }
  }
}
