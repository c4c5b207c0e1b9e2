/** @jest-environment node */
import { requestLocale } from '@/lib/i18n/negotiate';

const headers = (init: Record<string, string>) => new Headers(init);

describe('requestLocale', () => {
  it('prefers the remembered language', () => {
    expect(requestLocale(headers({ cookie: 'a=1; i18n_redirected=de', 'accept-language': 'en' }))).toBe('de');
  });

  it('negotiates Accept-Language with q-values', () => {
    expect(requestLocale(headers({ 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' }))).toBe('de');
    expect(requestLocale(headers({ 'accept-language': 'fr-FR, de;q=0.4, en;q=0.8' }))).toBe('en');
  });

  it('falls back to English for nothing, garbage or an unknown cookie value', () => {
    expect(requestLocale(headers({}))).toBe('en');
    expect(requestLocale(headers({ 'accept-language': '*;;;==,,' }))).toBe('en');
    expect(requestLocale(headers({ cookie: 'i18n_redirected=fr' }))).toBe('en');
  });
});
