// The widget frame's JSON requests on the browser's own fetch: ofetch (with ufo and destr) was 3.9 KB gzip
// of the frame's 25 KB budget (issue 37). Its policy the widget relied on is kept: one retry where ofetch
// retried (GET, or a request that asks for it) on the same statuses or a lost answer, and `data` on the error.

/** Worth asking again at once (the widget's start named these to ofetch; 409 and 429 would answer the same). */
const RETRY_STATUSES = new Set([408, 425, 500, 502, 503, 504]);
/** No request of the widget waits longer: the visitor gets the translated error instead of a spinner. */
export const VISITOR_FETCH_DEADLINE_MS = 15_000;

/** A refused request: `data` is the answer's parsed body (read by lib/client/api-error.ts). */
export class VisitorFetchError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export type VisitorFetchOptions = {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Retries (on a retryable status or a lost answer); GET retries once unless told. */
  retry?: number;
};

function withQuery(url: string, query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function once<T>(url: string, options: VisitorFetchOptions): Promise<T> {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(options.body && { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body && JSON.stringify(options.body),
    signal: AbortSignal.timeout(VISITOR_FETCH_DEADLINE_MS),
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the caller's translated fallback speaks.
  }
  if (!response.ok) throw new VisitorFetchError(response.status, data);
  return data as T;
}

/** A JSON request within the deadline; throws VisitorFetchError (refused) or the network's error. */
export async function visitorFetch<T>(url: string, options: VisitorFetchOptions = {}): Promise<T> {
  let retries = options.retry ?? ((options.method ?? 'GET') === 'GET' ? 1 : 0);
  for (;;) {
    try {
      return await once<T>(withQuery(url, options.query), options);
    } catch (error) {
      // A request past its deadline is not sent again: the visitor would wait twice as long.
      const retryable =
        error instanceof VisitorFetchError
          ? RETRY_STATUSES.has(error.status)
          : (error as Error | null)?.name !== 'TimeoutError';
      if (!retryable || retries-- <= 0) throw error;
    }
  }
}
