/** @jest-environment node */
import { localeCookieString, localizedPath, pagePath, splitLocale } from '@/lib/i18n/paths';
import { localizedHref } from '@/lib/i18n/href';
import { landingHeaders, landingRedirects, landingRewrites } from '@/lib/i18n/landing-routes';

jest.mock('next-intl/server', () => ({ getLocale: async () => 'en' }));

describe('localized paths', () => {
  it('leaves English unprefixed and puts German under /de', () => {
    expect(localizedPath('/', 'en')).toBe('/');
    expect(localizedPath('/', 'de')).toBe('/de');
    expect(localizedPath('/dashboard/tickets', 'de')).toBe('/de/dashboard/tickets');
  });

  it('splits a browser path into locale and path', () => {
    expect(splitLocale('/de')).toEqual({ locale: 'de', path: '/' });
    expect(splitLocale('/de/chat')).toEqual({ locale: 'de', path: '/chat' });
    expect(splitLocale('/chat')).toEqual({ locale: 'en', path: '/chat' });
    expect(splitLocale('/dex')).toEqual({ locale: 'en', path: '/dex' });
    expect(splitLocale('/en/chat')).toEqual({ locale: 'en', path: '/en/chat' });
  });

  it('takes any language prefix off a rendered page’s path, the internal /en of English pages too', () => {
    expect(pagePath('/en')).toBe('/');
    expect(pagePath('/en/shop/starter')).toBe('/shop/starter');
    expect(pagePath('/de')).toBe('/');
    expect(pagePath('/de/chat')).toBe('/chat');
    expect(pagePath('/de/en/x')).toBe('/en/x');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/chat')).toBe('/chat');
    expect(pagePath('/english')).toBe('/english');
    expect(localizedPath(pagePath('/en'), 'de')).toBe('/de');
  });

  it('localizes hrefs with query and fragment', () => {
    expect(localizedHref('/#plans', 'de')).toBe('/de#plans');
    expect(localizedHref('/#plans', 'en')).toBe('/#plans');
    expect(localizedHref({ pathname: '/signup', query: { plan: 'pro' } }, 'de')).toBe('/de/signup?plan=pro');
  });

  it('writes the locale cookie with the attributes of the spec', () => {
    expect(localeCookieString('de')).toBe('i18n_redirected=de; Max-Age=31536000; Path=/; SameSite=lax');
  });
});

describe('landing routes (next.config)', () => {
  it('rewrite / to the English page and send a saved German visitor to /de', () => {
    expect(landingRewrites()).toEqual([{ source: '/', destination: '/en' }]);
    expect(landingRedirects()).toEqual([
      {
        source: '/',
        has: [{ type: 'cookie', key: 'i18n_redirected', value: 'de' }],
        destination: '/de',
        permanent: false,
      },
    ]);
  });

  it('mark / as depending on the cookie and Accept-Language, and set no cookie', () => {
    expect(landingHeaders()).toEqual([
      {
        source: '/',
        headers: [
          { key: 'Vary', value: 'Cookie, Accept-Language' },
          { key: 'Cache-Control', value: 'private, no-cache' },
        ],
      },
    ]);
  });
});
