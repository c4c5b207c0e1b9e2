/** @jest-environment node */
import { DEFAULT_AFTER_LOGIN, continueTarget, redirectTarget, safeRedirectPath } from '@/lib/auth/redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/de/dashboard/tickets?tab=open', '/de/dashboard/tickets?tab=open'],
    ['/dashboard/tickets?tab=open#latest', '/dashboard/tickets?tab=open#latest'],
    ['/de/dashboard/tickets/v1.2', '/de/dashboard/tickets/v1.2'],
    ['/chat?room=lobby&x=%20y', '/chat?room=lobby&x=%20y'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    'http:evil.example',
    'https:/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '%2f%2fevil.example',
    '/%5Cevil.example',
    '%252F%252Fevil.example',
    'javascript%3Aalert(1)',
    ' /dashboard',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/%2e/%2fevil.example',
    'dashboard',
    '',
    '%E0%A4%A',
    '/'.padEnd(3000, 'a'),
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it.each([undefined, null, 42, ['/dashboard'], { path: '/dashboard' }])('refuses a non-string %p', (input) => {
    expect(safeRedirectPath(input)).toBe('/dashboard');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', '/de/dashboard')).toBe('/de/dashboard');
  });
});

// The sign-up takes the login's `redirect` and carries it through the verification mail as `continueUrl`
// (absolute, as Firebase wants it): both lead only to a path of this site (issue 36, point 2).
describe('redirectTarget', () => {
  it('keeps a same-origin path, the invitation page of either locale', () => {
    expect(redirectTarget('/invitations/abc_-9')).toBe('/invitations/abc_-9');
    expect(redirectTarget('/de/invitations/abc?x=1#y')).toBe('/de/invitations/abc?x=1#y');
  });

  it.each([
    undefined,
    '',
    '//evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    'https://evil.example',
    ['/invitations/abc'],
  ])('has none for %j', (input) => {
    expect(redirectTarget(input)).toBeNull();
  });
});

describe('continueTarget', () => {
  const site = 'https://plauder.example';

  it('gives the path of a link back to this site', () => {
    expect(continueTarget(`${site}/de/invitations/abc?x=1#y`, site)).toBe('/de/invitations/abc?x=1#y');
    expect(continueTarget(`${site}/invitations/abc`, `${site}/`)).toBe('/invitations/abc');
  });

  it.each([
    ['another host', 'https://evil.example/invitations/abc'],
    ['a look-alike host', 'https://plauder.example.evil.example/invitations/abc'],
    ['another scheme', 'http://plauder.example/invitations/abc'],
    ['another port', 'https://plauder.example:8443/invitations/abc'],
    ['credentials', 'https://plauder.example@evil.example/invitations/abc'],
    ['a user on this host', 'https://user:pw@plauder.example/invitations/abc'],
    ['a protocol-relative path', '//evil.example/invitations/abc'],
    ['a plain path', '/invitations/abc'],
    ['a path that becomes another host', 'https://plauder.example//evil.example'],
    ['an encoded second slash', 'https://plauder.example/%2F%2Fevil.example'],
    ['a double-encoded one', 'https://plauder.example/%252F%252Fevil.example'],
    ['a backslash', 'https://plauder.example/%5Cevil.example'],
    ['a script', 'javascript:alert(1)//https://plauder.example/'],
    ['an encoded whole URL', 'https%3A%2F%2Fplauder.example%2Finvitations%2Fabc'],
    ['no URL', 'not a url'],
    ['an overlong URL', `${site}/${'a'.repeat(3000)}`],
    ['a non-string', ['https://plauder.example/invitations/abc']],
  ])('refuses %s', (_, input) => {
    expect(continueTarget(input, site)).toBeNull();
  });
});
