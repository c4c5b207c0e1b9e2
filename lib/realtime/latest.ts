/**
 * Keeps a derived value current for each key (an inbox's unread total) at a bounded cost: `refresh(key)` runs
 * `work` at once when the key is quiet; calls while it runs or within `gapMs` after it become one more run at the
 * end of that gap, while `wanted(key)` holds. So under a stream of changes the value is read at most once per
 * gap and key, and the last run starts after the last call: what was sent last is current.
 */
export function latestOnly(
  work: (key: string) => Promise<void>,
  { gapMs, wanted, failed }: { gapMs: number; wanted: (key: string) => boolean; failed: (error: Error) => void },
): (key: string) => void {
  const pending = new Map<string, { again: boolean }>();
  return (key) => {
    const entry = pending.get(key);
    if (entry) {
      entry.again = true;
      return;
    }
    const state = { again: false };
    pending.set(key, state);
    void (async () => {
      do {
        state.again = false;
        await work(key);
        await new Promise((resolve) => setTimeout(resolve, gapMs).unref());
      } while (state.again && wanted(key));
    })()
      .catch(failed)
      .finally(() => pending.delete(key));
  };
}
