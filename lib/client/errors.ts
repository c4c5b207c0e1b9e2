/** Window in which a failed chunk load may reload the same path only once (spec §4, §9). */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY_PREFIX = 'chunk-reload:';

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (CSS )?chunk [\w-]+ failed|Failed to load chunk |Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      message,
    )
  );
}

/** The error's own message, or `fallback` when it has none worth showing. */
export function errorMessage(error: unknown, fallback: string): string {
  const message =
    typeof error === 'string'
      ? error
      : error && typeof error === 'object'
        ? (error as { message?: unknown }).message
        : undefined;
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

/** Whether a chunk-load error on `path` may reload the page now: no reload of it within the window. */
export function mayReloadAfterChunkError(
  path: string,
  { storage, now = Date.now, windowMs = CHUNK_RELOAD_WINDOW_MS }: Omit<GuardDeps, 'reload'>,
): boolean {
  let last = NaN;
  try {
    last = Number(storage.getItem(KEY_PREFIX + path));
  } catch {
    // Storage can be unavailable (privacy mode); the reload below then refuses, since it cannot record.
  }
  return !(Number.isFinite(last) && last > 0 && now() - last < windowMs);
}

/**
 * Reloads the page after a chunk-load error, at most once per window for the same path, so a chunk
 * that is really gone does not reload forever. Answers whether it reloaded.
 */
export function reloadAfterChunkError(path: string, deps: GuardDeps): boolean {
  const { storage, reload, now = Date.now } = deps;
  if (!mayReloadAfterChunkError(path, deps)) return false;
  try {
    storage.setItem(KEY_PREFIX + path, String(now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** The guard of this browser tab: session storage (it survives the reload) and a real reload. */
export function tabReloadGuard(): GuardDeps {
  return { storage: window.sessionStorage, reload: () => window.location.reload() };
}
