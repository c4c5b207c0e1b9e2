// The route handlers of app/api as found on disk, so that a handler added later is covered by the
// security suite without editing it.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { NextRequest } from 'next/server';

export type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A handler file: its path with [params] as written, and the methods it exports among those asked for. */
export type Route = { path: string; methods: Partial<Record<Method, Handler>> };

const API = join(process.cwd(), 'app', 'api');

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === 'route.ts' ? [path] : [];
  });
}

export async function loadRoutes(methods: readonly Method[]): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of routeFiles(API)) {
    const path = `/api/${relative(API, file).split(sep).slice(0, -1).join('/')}`;
    const exported = (await import(file)) as Record<string, Handler>;
    routes.push({
      path,
      methods: Object.fromEntries(
        methods.filter((m) => typeof exported[m] === 'function').map((m) => [m, exported[m]]),
      ),
    });
  }
  return routes;
}

/** Calls `method` of `route` with `request`, its [params] filled from `params`. */
export function callRoute(route: Route, method: Method, request: NextRequest, params: Record<string, string>) {
  const url = new URL(request.url);
  url.pathname = route.path.replace(/\[(\w+)\]/g, (_, name: string) => params[name]);
  return route.methods[method]!(new NextRequest(url, request), { params: Promise.resolve(params) });
}

/** What an error answer must never contain: a stack frame, a server path, a bundler's name. */
export const LEAK = /\n\s+at |node_modules|\/work\/|webpack|turbopack|\.tsx?:\d+|Error: /;

/** The handlers a widget's visitor calls: they answer to a visitor token, not to a session. */
export const VISITOR_HANDLERS = [
  'POST /api/widgets/[id]/visitors',
  'PATCH /api/widgets/[id]/visitors',
  'POST /api/widgets/[id]/visitors/pages',
  'GET /api/widgets/[id]/conversations',
  'POST /api/widgets/[id]/conversations',
  'GET /api/widgets/[id]/conversations/[cid]',
  'PATCH /api/widgets/[id]/conversations/[cid]',
  'GET /api/widgets/[id]/conversations/[cid]/messages',
  'POST /api/widgets/[id]/conversations/[cid]/messages',
  'POST /api/widgets/[id]/conversations/[cid]/typing',
  'POST /api/widgets/[id]/conversations/[cid]/transcript',
  'POST /api/widgets/[id]/conversations/[cid]/rating',
  'GET /api/widgets/[id]/events',
];
