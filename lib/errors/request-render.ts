import 'server-only';
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external';

/**
 * Whether this render is made for one request, rather than a prerender (the build's, a revalidation's)
 * that is stored and served to everybody. Next has no public API for it; its request store says so.
 */
export function renderedForRequest(): boolean {
  return workUnitAsyncStorage.getStore()?.type === 'request';
}
