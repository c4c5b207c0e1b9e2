import type { ApiErrorBody, ApiErrorCode } from '@/lib/api/errors';

/** What the server said in an API error; nulls and no fields when it said nothing (e.g. the network failed). */
export type ApiErrorReading = { code: ApiErrorCode | null; message: string | null; fields: Record<string, string> };

/**
 * Reads the JSON API's error body (lib/api/errors.ts) from what a request threw (ofetch's FetchError) or
 * from a body already parsed: the one reader of the browser's code. ofetch is not imported for its
 * class (the landing page's buy button does without it): an Error's `data` is the answer's body.
 */
export function readApiError(caught: unknown): ApiErrorReading {
  const data: unknown = caught instanceof Error ? (caught as Error & { data?: unknown }).data : caught;
  const error = (data as Partial<ApiErrorBody> | null | undefined)?.error;
  const fields = error?.fields;
  return {
    code: typeof error?.code === 'string' ? error.code : null,
    message: typeof error?.message === 'string' ? error.message : null,
    fields: fields && typeof fields === 'object' && !Array.isArray(fields) ? fields : {},
  };
}
