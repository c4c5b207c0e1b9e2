import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { localeCookie, routing } from '@/lib/i18n/routing';
import { splitLocale } from '@/lib/i18n/paths';
import { isProtectedPath, loginRedirect, skipsSessionCheck } from '@/lib/auth/guard';
import { SESSION_COOKIE, unsealSession } from '@/lib/session/cookie';
import { sessionSecret } from '@/lib/session/secret';
import { matchRouteRule } from '@/lib/route-rules';
import { routeRules } from '@/lib/route-rules.config';
import { databaseAvailable } from '@/lib/db/availability';
import { unavailablePage, withPageAddress } from '@/lib/errors/unavailable-page';
import { publicWidget } from '@/lib/widgets/service';
import { widgetFramePolicy } from '@/lib/widgets/frame';

const WIDGET_PAGE = /^\/embed\/([A-Za-z0-9_-]{1,64})$/;

/** The widget page may be framed only by its widget's allowed origins (a missing widget is the page's 404). */
async function widgetPage(request: NextRequest, widgetId: string): Promise<NextResponse> {
  const response = NextResponse.next();
  const widget = await publicWidget(widgetId).catch(() => null);
  response.headers.set('Content-Security-Policy', widgetFramePolicy(widget, request.headers.get('content-security-policy')));
  return response;
}

const handleI18n = createMiddleware(routing);

export default async function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;

  const widget = WIDGET_PAGE.exec(pathname);
  if (widget) return widgetPage(request, widget[1]);

  // An optimistic check: the cookie is only unsealed here (no call to the identity provider); the
  // dashboard layout and every handler verify the session again at the data.
  if (isProtectedPath(pathname) && !(await databaseAvailable())) return unavailablePage(request);
  if (isProtectedPath(pathname) && !skipsSessionCheck(searchParams)) {
    const user = await unsealSession(request.cookies.get(SESSION_COOKIE)?.value, sessionSecret());
    if (!user) return NextResponse.redirect(new URL(loginRedirect(pathname, search), request.nextUrl));
  }

  const rule = matchRouteRule(routeRules, pathname, search);
  if (rule) {
    const target = rule.external ? rule.location : new URL(rule.location, request.nextUrl);
    return NextResponse.redirect(target, rule.status);
  }

  // A dashboard render that cannot reach the database sends the browser back to this address.
  const response = handleI18n(isProtectedPath(pathname) ? new NextRequest(request, { headers: withPageAddress(request) }) : request);

  // next-intl writes its cookie only when the locale differs from Accept-Language; the spec wants the
  // visited locale remembered on every page view. Redirects are left alone (their target sets it), and
  // so are the router's background requests (prefetches, revalidations of a page of the locale just
  // switched away from): like next-intl, only a document request counts as a visit.
  const dest = request.headers.get('sec-fetch-dest');
  if (!response.headers.has('location') && (dest === null || dest === 'document')) {
    const { name, ...attributes } = localeCookie;
    response.cookies.set(name, splitLocale(pathname).locale, attributes);
  }
  return response;
}

export const config = {
  matcher: [
    // Every page but the landing pages `/` and `/de` (see lib/i18n/landing-routes.ts). Paths with a dot
    // are files, except under /dashboard, which is matched explicitly so that a dotted path can never
    // slip past the session check added there.
    '/((?!api|_next|_vercel|embed/|de$|.*\\..*).+)',
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
  ],
};
