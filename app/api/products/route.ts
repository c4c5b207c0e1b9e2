// GET /api/products: the active catalogue in the caller's language (`?locale=en|de`, else the locale
// cookie or Accept-Language).
import { NextResponse, type NextRequest } from 'next/server';
import { handle } from '@/lib/api/errors';
import { isLocale } from '@/lib/i18n/routing';
import { requestLocale } from '@/lib/i18n/negotiate';
import { activeCatalogue } from '@/lib/shop/products';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handle(request, async () => {
    const asked = request.nextUrl.searchParams.get('locale');
    const locale = isLocale(asked) ? asked : requestLocale(request.headers);
    return NextResponse.json(
      { locale, products: await activeCatalogue(locale) },
      { headers: { 'Cache-Control': 'public, max-age=60' } },
    );
  });
}
