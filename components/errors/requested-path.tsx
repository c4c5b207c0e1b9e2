'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

function readablePath(): string {
  try {
    return decodeURI(window.location.pathname);
  } catch {
    return window.location.pathname;
  }
}

/**
 * The path the visitor asked for, as the address bar shows it. Read from `location` rather than the
 * router: a prerendered 404 page is rendered once for every unknown path, so only the browser knows it.
 */
export function RequestedPath() {
  const pathname = useSyncExternalStore(subscribe, readablePath, () => null);
  return <code className="break-all font-mono">{pathname}</code>;
}
