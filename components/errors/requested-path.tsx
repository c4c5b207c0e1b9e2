'use client';

import { useSyncExternalStore } from 'react';
import { fill } from '@/lib/i18n/slices';

const subscribe = () => () => {};

function readablePath(): string {
  try {
    return decodeURI(window.location.pathname);
  } catch {
    return window.location.pathname;
  }
}

/**
 * `message` (`Page Not Found: {path}`) with the path the visitor asked for, as the address bar shows it.
 * Read from `location` rather than the router: a render that calls notFound() does not know the address,
 * so only the browser does.
 */
export function RequestedPath({ message }: { message: string }) {
  const pathname = useSyncExternalStore(subscribe, readablePath, () => '');
  return fill(message, { path: pathname });
}
