// Types of cache-handler.mjs (Next's file system cache handler, as Next's own cache calls it).
type Entry = { value: unknown; lastModified?: number } | null;
export default class PrerenderCache {
  constructor(context: unknown);
  get(key: string, context: unknown): Promise<Entry>;
  set(key: string, data: unknown, context: unknown): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
}
