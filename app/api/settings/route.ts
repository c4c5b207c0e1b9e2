// GET /api/settings, PUT /api/settings: language, theme, e-mail notifications and alerts of the signed-in user.
// Saving also writes the locale cookie (i18n_redirected) and the theme cookie, so the interface follows.
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { assertSameOrigin, readJson } from '@/lib/api/request';
import { env } from '@/lib/env';
import { requestLocale } from '@/lib/i18n/negotiate';
import { localeCookie } from '@/lib/i18n/routing';
import { settingsSchema, themeCookie } from '@/lib/settings/schema';
import { getSettings, saveSettings } from '@/lib/settings/service';
import { requireSignedInUser } from '@/lib/session/server';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const user = await requireSignedInUser(request);
    const { saved: _saved, ...settings } = await getSettings(user.uid, requestLocale(request.headers));
    return NextResponse.json({ settings }, { headers: { 'Cache-Control': 'no-store' } });
  });
}

export function PUT(request: NextRequest) {
  return handle(request, async () => {
    assertSameOrigin(request);
    const user = await requireSignedInUser(request);
    const settings = await saveSettings(user.uid, await readJson(request, settingsSchema));
    const response = NextResponse.json({ settings }, { headers: { 'Cache-Control': 'no-store' } });
    const { name, ...attributes } = localeCookie;
    response.cookies.set(name, settings.locale, { ...attributes, secure: env.cookieSecure });
    response.cookies.set(...themeCookie(settings.theme, env.cookieSecure));
    return response;
  });
}
