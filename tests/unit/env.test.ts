/** @jest-environment node */
import { parseEnv } from '@/lib/env';

describe('parseEnv', () => {
  it('runs in local mode with no configuration at all', () => {
    expect(parseEnv({})).toEqual({
      nodeEnv: 'development',
      siteUrl: 'http://localhost:3000',
      cookieSecure: false,
      versionPollIntervalMs: 300_000,
    });
  });

  it('treats empty strings as missing', () => {
    expect(parseEnv({ SITE_URL: '', COOKIE_SECURE: '', VERSION_POLL_INTERVAL_MS: '' }).siteUrl).toBe('http://localhost:3000');
  });

  it('derives Secure cookies from an https site URL and strips a trailing slash', () => {
    const env = parseEnv({ SITE_URL: 'https://shop.example.com/' });
    expect(env.siteUrl).toBe('https://shop.example.com');
    expect(env.cookieSecure).toBe(true);
    expect(parseEnv({ SITE_URL: 'https://shop.example.com', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it.each([
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ VERSION_POLL_INTERVAL_MS: '5' }, 'VERSION_POLL_INTERVAL_MS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('refuses %j and names the variable', (source, name) => {
    expect(() => parseEnv(source)).toThrow(name);
  });
});
