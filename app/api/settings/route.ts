// GET /api/settings, PUT /api/settings: language, theme and e-mail notifications of the signed-in user.
// Saving also writes the locale cookie (i18n_redirected) and the theme cookie, so the interface follows.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import { requestLocale } from '@/lib/i18n/negotiate';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '@/lib/i18n/routing';
import { settingsSchema, THEME_COOKIE } from '@/lib/settings/schema';
import { getSettings, saveSettings } from '@/lib/settings/service';
import { requireActor } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const actor = await requireActor(request);
    const { saved: _saved, ...settings } = await getSettings(actor.uid, requestLocale(request.headers));
    return NextResponse.json({ settings }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function PUT(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const actor = await requireActor(request);
    const settings = await saveSettings(actor.uid, await readJson(request, settingsSchema));
    const response = NextResponse.json({ settings }, { headers: { 'Cache-Control': 'no-store' } });
    const cookie = { path: '/', sameSite: 'lax' as const, secure: env.cookieSecure, maxAge: LOCALE_COOKIE_MAX_AGE };
    response.cookies.set(LOCALE_COOKIE, settings.locale, cookie);
    response.cookies.set(THEME_COOKIE, settings.theme, cookie);
    return response;
  });
}
