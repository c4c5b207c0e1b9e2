// Types of cache-handler.mjs (Next's file system cache handler, as Next's own cache calls it).
type Entry = { value: unknown; lastModified?: number } | null;
export default class PrerenderCache {
  constructor(context: unknown);
  get(key: string, context: unknown): Promise<Entry>;
  set(key: string, data: unknown, context: unknown): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
}
/** What the app tells the prerender cache of the database, on `globalThis[PRERENDER_OUTAGE]`. */
export type PrerenderOutage = {
  reachable: () => Promise<boolean>;
  unavailablePage: (locale: string) => Promise<{ status: number; headers: Record<string, string>; html: string }>;
};
export const PRERENDER_OUTAGE: unique symbol;
