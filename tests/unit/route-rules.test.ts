/** @jest-environment node */
import { matchRouteRule, routeRulesSchema, type RouteRule } from '@/lib/route-rules';
import { routeRules } from '@/lib/route-rules.config';

const rules: RouteRule[] = routeRulesSchema.parse([
  { source: '/old-pricing', destination: '/#plans', permanent: true },
  { source: '/register', destination: '/signup' },
  { source: '/support/:path*', destination: '/dashboard/tickets' },
  { source: '/blog/:slug', destination: 'https://blog.example.com/posts/:slug', permanent: true },
  { source: '/docs/:path*', destination: 'https://docs.example.com/:path*' },
  { source: '/home', destination: '/' },
]);

describe('matchRouteRule', () => {
  it('matches an exact path and answers a temporary internal redirect by default', () => {
    expect(matchRouteRule(rules, '/register')).toEqual({ location: '/signup', status: 307, external: false });
  });

  it('answers 308 for permanent rules', () => {
    expect(matchRouteRule(rules, '/old-pricing')).toEqual({ location: '/#plans', status: 308, external: false });
  });

  it('matches German paths and keeps the locale prefix on internal targets', () => {
    expect(matchRouteRule(rules, '/de/register')?.location).toBe('/de/signup');
    expect(matchRouteRule(rules, '/de/old-pricing')?.location).toBe('/de#plans');
    expect(matchRouteRule(rules, '/de/home')?.location).toBe('/de');
  });

  it('treats an explicit /en prefix like the unprefixed default locale', () => {
    expect(matchRouteRule(rules, '/en/register')).toBeNull();
  });

  it('ignores a trailing slash', () => {
    expect(matchRouteRule(rules, '/register/')?.location).toBe('/signup');
  });

  it('does not match a longer or shorter path', () => {
    expect(matchRouteRule(rules, '/register/now')).toBeNull();
    expect(matchRouteRule(rules, '/blog')).toBeNull();
    expect(matchRouteRule(rules, '/unknown')).toBeNull();
  });

  it('matches a trailing wildcard, including nothing after it', () => {
    expect(matchRouteRule(rules, '/support')?.location).toBe('/dashboard/tickets');
    expect(matchRouteRule(rules, '/support/a/b')?.location).toBe('/dashboard/tickets');
    expect(matchRouteRule(rules, '/de/support/a')?.location).toBe('/de/dashboard/tickets');
  });

  it('fills named parameters into external targets and marks them external', () => {
    expect(matchRouteRule(rules, '/blog/hello')).toEqual({
      location: 'https://blog.example.com/posts/hello',
      status: 308,
      external: true,
    });
    expect(matchRouteRule(rules, '/de/docs/widget/install')?.location).toBe('https://docs.example.com/widget/install');
  });

  it('keeps the query string on internal redirects, before the fragment', () => {
    expect(matchRouteRule(rules, '/register', '?plan=pro')?.location).toBe('/signup?plan=pro');
    expect(matchRouteRule(rules, '/old-pricing', '?ref=x')?.location).toBe('/?ref=x#plans');
  });
});

describe('route rule config', () => {
  it('the shipped config file is valid and has both kinds of targets', () => {
    expect(routeRules.length).toBeGreaterThan(0);
    expect(routeRules.some((rule) => rule.destination.startsWith('/'))).toBe(true);
    expect(routeRules.some((rule) => rule.destination.startsWith('https://'))).toBe(true);
  });

  it.each([
    [{ source: 'no-slash', destination: '/' }],
    [{ source: '//evil', destination: '/' }],
    [{ source: '/a', destination: '//evil.example' }],
    [{ source: '/a', destination: '/\\evil.example' }],
    [{ source: '/a', destination: 'javascript:alert(1)' }],
    [{ source: '/a/:rest*/b', destination: '/' }],
    [{ source: '/a', destination: '/', permanent: 'yes' }],
  ])('rejects %j', (rule) => {
    expect(routeRulesSchema.safeParse([rule]).success).toBe(false);
  });

  it('rejects duplicate sources', () => {
    const duplicate = [
      { source: '/a', destination: '/b' },
      { source: '/a', destination: '/c' },
    ];
    expect(routeRulesSchema.safeParse(duplicate).success).toBe(false);
  });
});

describe('route rules and the landing pages', () => {
  it.each(['/', '/de', '/de/'])('refuses a rule for %s, which the proxy never sees', (source) => {
    expect(routeRulesSchema.safeParse([{ source, destination: '/chat' }]).success).toBe(false);
  });
});

describe('the widget settings’ old address', () => {
  it.each([
    ['/dashboard/embed', '', '/dashboard/widgets'],
    ['/dashboard/embed/', '', '/dashboard/widgets'],
    ['/dashboard/embed', '?widget=w1', '/dashboard/widgets?widget=w1'],
    ['/dashboard/embed/new/step', '?a=1&b=2', '/dashboard/widgets/new/step?a=1&b=2'],
    ['/de/dashboard/embed', '', '/de/dashboard/widgets'],
    ['/de/dashboard/embed/', '?widget=w1', '/de/dashboard/widgets?widget=w1'],
    ['/de/dashboard/embed/x', '', '/de/dashboard/widgets/x'],
  ])('%s%s answers a permanent same-origin redirect to %s', (path, search, location) => {
    expect(matchRouteRule(routeRules, path, search)).toEqual({ location, status: 308, external: false });
  });

  it('leaves the new address and other dashboard pages alone', () => {
    expect(matchRouteRule(routeRules, '/dashboard/widgets')).toBeNull();
    expect(matchRouteRule(routeRules, '/de/dashboard/embedded')).toBeNull();
  });
});
