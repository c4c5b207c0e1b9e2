/** @jest-environment node */
import { DEFAULT_AFTER_LOGIN, safeRedirectPath } from '@/lib/auth/redirect';

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
