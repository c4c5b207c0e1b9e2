/** Window in which a failed chunk load may reload the same path only once (spec §4, §9). */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY_PREFIX = 'chunk-reload:';

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      message,
    )
  );
}

/** The error's own message, or `fallback` when it has none worth showing. */
export function errorMessage(error: unknown, fallback: string): string {
  const message =
    typeof error === 'string' ? error : error && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  if (typeof message !== 'string') return fallback;
  const trimmed = message.trim();
  // Browsers hide cross-origin script errors behind this text: it tells the user nothing.
  if (!trimmed || trimmed === 'Script error.') return fallback;
  return trimmed.length > 300 ? `${trimmed.slice(0, 297)}…` : trimmed;
}

type GuardDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now?: () => number;
  windowMs?: number;
};

/**
 * Reloads the page after a chunk-load error, at most once per window for the same path, so a chunk
 * that is really gone does not reload forever. Answers whether it reloaded.
 */
export function reloadAfterChunkError(path: string, { storage, reload, now = Date.now, windowMs = CHUNK_RELOAD_WINDOW_MS }: GuardDeps): boolean {
  const key = KEY_PREFIX + path;
  let last = NaN;
  try {
    last = Number(storage.getItem(key));
  } catch {
    // Storage can be unavailable (privacy mode); reload anyway, the browser's own cache guards a loop.
  }
  const at = now();
  if (Number.isFinite(last) && last > 0 && at - last < windowMs) return false;
  try {
    storage.setItem(key, String(at));
  } catch {
    return false;
  }
  reload();
  return true;
}
