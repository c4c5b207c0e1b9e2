// The only module of the app's bundle that imports Next's private modules (`next/dist/*`; ESLint refuses them
// elsewhere). Each item is pinned to the installed version by tests/unit/contracts/next.test.ts, as are the
// private uses of the Node server around Next (server/*.mjs): after an upgrade, check each against the new
// version (the test says what each relies on), then re-pin.
import 'server-only';
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external';
import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';

/**
 * Whether this render is made for one request, rather than a prerender (the build's, a revalidation's) that is
 * stored and served to everybody: Next's request store says `type: 'request'`. No public API tells it.
 */
export function renderedForRequest(): boolean {
  return workUnitAsyncStorage.getStore()?.type === 'request';
}

/**
 * The tag Next gives a path's prerenders (`<prefix>/<path>`, as revalidatePath() does). revalidatePath() only
 * expires; revalidateTag(tag, 'max') with this tag marks the path stale instead.
 */
export function implicitTag(path: string): string {
  return `${NEXT_CACHE_IMPLICIT_TAG_ID}/${path}`;
}
