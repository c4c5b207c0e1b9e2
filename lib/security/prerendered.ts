import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitLocale } from '@/lib/i18n/paths';

type Route = { page: string; regex: string };
type Build = { routes: Array<{ page: string; regex: RegExp }>; paths: Set<string>; cachedRoutes: Set<string> };

let loaded: Build | null | undefined;

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(process.cwd(), '.next', file), 'utf8')) as T;
}

/**
 * What the build says of its pages: its routes in Next's matching order (static ones, then dynamic
 * ones from the most specific), the paths it prerendered, and the routes whose other paths Next
 * renders once and then serves from its cache too (product pages added later). Nothing in
 * development, where every page renders per request.
 */
function build(): Build | null {
  if (loaded !== undefined) return loaded;
  if (process.env.NODE_ENV !== 'production') return (loaded = null);
  try {
    const routes = readJson<{ staticRoutes: Route[]; dynamicRoutes: Route[] }>('routes-manifest.json');
    const prerender = readJson<{
      routes: Record<string, unknown>;
      dynamicRoutes: Record<string, { fallback: unknown }>;
    }>('prerender-manifest.json');
    return (loaded = {
      routes: [...routes.staticRoutes, ...routes.dynamicRoutes].map(({ page, regex }) => ({
        page,
        regex: new RegExp(regex),
      })),
      paths: new Set(Object.keys(prerender.routes)),
      cachedRoutes: new Set(
        Object.entries(prerender.dynamicRoutes)
          .filter(([, route]) => route.fallback !== false)
          .map(([page]) => page),
      ),
    });
  } catch {
    return (loaded = null);
  }
}

/**
 * Whether Next answers the page at a browser path from its prerender cache, which gives it a policy of
 * its own (server/cache-handler.mjs): every other page gets a nonce from the proxy.
 */
export function isPrerenderedPage(pathname: string): boolean {
  const pages = build();
  if (!pages) return false;
  const { locale, path } = splitLocale(pathname);
  const internal = path === '/' ? `/${locale}` : `/${locale}${path}`;
  if (pages.paths.has(internal)) return true;
  const route = pages.routes.find(({ regex }) => regex.test(internal));
  return route !== undefined && pages.cachedRoutes.has(route.page);
}
