import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's render and in the hydration that matches it, true in every render after: for what
 * only the browser may know (its time zone, the address's query) without a hydration mismatch.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
