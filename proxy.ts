import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from '@/lib/i18n/routing';
import { requestLocale } from '@/lib/i18n/negotiate';
import { NEGOTIATED_HEADERS } from '@/lib/i18n/landing-routes';
import { loginRedirect, skipsSessionCheck } from '@/lib/auth/guard';
import { isProtectedPath, splitLocale } from '@/lib/i18n/paths';
import { SESSION_COOKIE, unsealSession } from '@/lib/session/cookie';
import { SESSION_HINT_COOKIE } from '@/lib/head-script';
import { sessionHintOptions } from '@/lib/session/hint';
import { env } from '@/lib/env';
import { sessionSecrets } from '@/lib/session/secret';
import { matchRouteRule } from '@/lib/route-rules';
import { routeRules } from '@/lib/route-rules.config';
import { databaseAvailable } from '@/lib/db/availability';
import { identityAvailable } from '@/lib/firebase/availability';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { PAGE_ADDRESS_HEADER, pageNeedsDatabase, unavailablePage } from '@/lib/errors/unavailable-page';
import { publicWidget, type PublicWidget } from '@/lib/widgets/service';
import { widgetFrameAncestors } from '@/lib/widgets/frame';
import { visitorLocale, WIDGET_LOCALE_HEADER, widgetLocale } from '@/lib/widgets/locale';
import { widgetUnavailablePage } from '@/lib/widgets/unavailable';
import { createNonce, noncePolicy } from '@/lib/security/csp';
import { ApiError, errorResponse } from '@/lib/api/errors';
import { isPrerenderedPage } from '@/lib/security/prerendered';

const WIDGET_PAGE = /^\/embed\/([A-Za-z0-9_-]{1,64})$/;

/** The widget, null when there is none, or 'unavailable' while the database does not answer. */
async function findWidget(widgetId: string): Promise<PublicWidget | null | 'unavailable'> {
  if (!(await databaseAvailable())) return 'unavailable';
  try {
    return await publicWidget(widgetId);
  } catch (error) {
    return isDatabaseUnavailable(error) ? 'unavailable' : null;
  }
}

/**
 * The widget page may be framed only by its widget's allowed origins (a missing widget is the page's
 * 404); it speaks the visitor's language when the widget follows it (lib/widgets/locale.ts). While the
 * database does not answer it is the widget's 503, in the visitor's language.
 */
async function widgetPage(request: NextRequest, widgetId: string, nonce: string): Promise<Response> {
  const widget = await findWidget(widgetId);
  if (widget === 'unavailable')
    return widgetUnavailablePage(visitorLocale(request.headers, request.nextUrl.searchParams.get('lang')));
  const policy = noncePolicy(nonce, widgetFrameAncestors(widget));
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', policy);
  headers.set(PAGE_ADDRESS_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  headers.delete(WIDGET_LOCALE_HEADER);
  if (widget)
    headers.set(
      WIDGET_LOCALE_HEADER,
      widgetLocale(widget, request.nextUrl.searchParams.get('lang'), request.headers.get('accept-language')),
    );
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

/**
 * A page rendered for this request gets a fresh nonce: Next reads it from the request's own policy
 * header (whatever the client sent under that name is replaced) and puts it on every script it writes.
 * It also learns the address the browser asked for: the 404 page names it, a dashboard render that
 * cannot reach the database sends the browser back there. A prerendered page carries the policy of its
 * render instead (server/cache-handler.mjs).
 */
function forThisRequest(request: NextRequest, nonce: string): NextRequest {
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', noncePolicy(nonce));
  headers.set(PAGE_ADDRESS_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return new NextRequest(request, { headers });
}

/**
 * `/en/…` without its prefix: English pages have no prefix (`as-needed`), so the prefixed address is
 * never a page's own and moves for good (308, with its query).
 */
function withoutDefaultPrefix(request: NextRequest): NextResponse | null {
  const { pathname } = request.nextUrl;
  const prefix = `/${routing.defaultLocale}`;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return null;
  const target = request.nextUrl.clone();
  target.pathname = pathname.slice(prefix.length) || '/';
  return NextResponse.redirect(target, 308);
}

const handleI18n = createMiddleware(routing);

/** Pages take GET, HEAD and OPTIONS (there are no server actions); npm start's server answers the same before Next. */
const PAGE_METHODS = 'GET, HEAD, OPTIONS';

async function refuseMethod(request: NextRequest): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: PAGE_METHODS } });
  const response = await errorResponse(request, new ApiError('methodNotAllowed'));
  response.headers.set('Allow', PAGE_METHODS);
  return response;
}

export default async function proxy(incoming: NextRequest) {
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') return refuseMethod(incoming);
  const unprefixed = withoutDefaultPrefix(incoming);
  if (unprefixed) return unprefixed;
  const { pathname, search, searchParams } = incoming.nextUrl;
  const nonce = isPrerenderedPage(pathname) ? null : createNonce();
  const request = nonce ? forThisRequest(incoming, nonce) : incoming;

  const widget = WIDGET_PAGE.exec(pathname);
  if (widget) return widgetPage(incoming, widget[1], nonce ?? createNonce());

  // A page rendered for this request that needs the database (lib/errors/unavailable-page.ts) while it
  // does not answer; prerendered pages come from the prerender cache (server/cache-handler.mjs).
  if (nonce && pageNeedsDatabase(pathname, request.cookies.has(SESSION_COOKIE)) && !(await databaseAvailable()))
    return withPolicy(await unavailablePage(splitLocale(pathname).locale), nonce);
  // An optimistic check: the cookie is only unsealed here (no call to the identity provider); the
  // dashboard layout and every handler verify the session again at the data.
  if (isProtectedPath(pathname) && !identityAvailable())
    return withPolicy(await unavailablePage(splitLocale(pathname).locale), nonce);
  if (isProtectedPath(pathname) && !skipsSessionCheck(searchParams)) {
    const user = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value, sessionSecrets());
    if (!user) return signedOutRedirect(request, loginRedirect(pathname, search));
  }

  const rule = matchRouteRule(routeRules, pathname, search);
  if (rule) {
    const target = rule.external ? rule.location : new URL(rule.location, request.nextUrl);
    return NextResponse.redirect(target, rule.status);
  }

  // `/` reaches the proxy on a first visit from a browser that mentions German (and in development):
  // Accept-Language decides, and the answer says it depends on it.
  if (pathname === '/') {
    const locale = requestLocale(request.headers);
    const response =
      locale === routing.defaultLocale
        ? handleI18n(request)
        : NextResponse.redirect(new URL(`/${locale}${search}`, request.nextUrl));
    for (const [name, value] of Object.entries(NEGOTIATED_HEADERS)) response.headers.set(name, value);
    return withPolicy(response, nonce);
  }
  return withPolicy(handleI18n(request), nonce);
}

/** To the login page; a session hint left from the ended session goes too (the page would show it signed in). */
function signedOutRedirect(request: NextRequest, location: string): NextResponse {
  const response = NextResponse.redirect(new URL(location, request.nextUrl));
  if (request.cookies.has(SESSION_HINT_COOKIE))
    response.cookies.set(SESSION_HINT_COOKIE, '', sessionHintOptions(env.cookieSecure, 0));
  return response;
}

function withPolicy<T extends Response>(response: T, nonce: string | null): T {
  if (nonce) response.headers.set('Content-Security-Policy', noncePolicy(nonce));
  return response;
}

export const config = {
  matcher: [
    // Every page but the landing pages `/` and `/de` (see lib/i18n/landing-routes.ts); not the JSON API,
    // build files, images (the product's pictures in screenshots/), sounds, sitemaps and the other files the
    // app serves. A dotted path that names none of them is a page (its 404), so it gets the locale's
    // not-found page and a nonce like any other.
    '/((?!api/|_next/|_vercel/|og/|builds/|screenshots/|sounds/|embed/|embed\\.js$|icon\\.svg$|favicon\\.ico$|robots\\.txt$|(?:index-|en-|de-)?sitemap\\.xml$|de$).+)',
    // The framed widget page: no locale routing, its own frame-ancestors.
    '/embed/:widgetId',
    '/dashboard/:path*',
    '/:locale/dashboard/:path*',
    // `/` on a first visit from a browser that mentions German: next-intl negotiates Accept-Language.
    {
      source: '/',
      missing: [{ type: 'cookie', key: 'i18n_redirected' }],
      has: [{ type: 'header', key: 'accept-language', value: '.*de.*' }],
    },
    // `npm run dev` (server/server.mjs --dev): the landing pages render per request there and need a nonce.
    { source: '/', has: [{ type: 'header', key: 'x-plauder-dev' }] },
    { source: '/de', has: [{ type: 'header', key: 'x-plauder-dev' }] },
  ],
};
