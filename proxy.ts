import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { defaultLocale, isLocale, localeCookie, routing } from '@/lib/i18n/routing';
import { matchRouteRule } from '@/lib/route-rules';
import { routeRules } from '@/lib/route-rules.config';

const handleI18n = createMiddleware(routing);

function localeOf(pathname: string) {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : defaultLocale;
}

export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const rule = matchRouteRule(routeRules, pathname, search);
  if (rule) {
    const target = rule.external ? rule.location : new URL(rule.location, request.nextUrl);
    return NextResponse.redirect(target, rule.status);
  }

  const response = handleI18n(request);

  // next-intl writes its cookie only when the locale differs from Accept-Language; the spec wants the
  // visited locale remembered on every page view. Redirects are left alone: their target sets it.
  if (!response.headers.has('location')) {
    const { name, ...attributes } = localeCookie;
    response.cookies.set(name, localeOf(pathname), attributes);
  }
  return response;
}

export const config = {
  // Paths with a dot are files, except under /dashboard, which is matched explicitly so that a
  // dotted path can never slip past the session check added there.
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)', '/dashboard/:path*', '/:locale/dashboard/:path*'],
};
