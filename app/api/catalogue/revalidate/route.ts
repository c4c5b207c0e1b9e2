// POST /api/catalogue/revalidate: called by this server itself when the database's catalogue changed
// (lib/shop/catalogue-watch.ts); revalidates the prerendered shop pages and the sitemaps. Anyone else
// gets a 403 (another origin) or a 404 (no token): the token exists only in the server's memory.
import { revalidatePath } from 'next/cache';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { isRevalidationToken, REVALIDATE_HEADER } from '@/lib/shop/catalogue-watch';
import { sitemapFiles } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return handle(request, async () => {
    assertSameOrigin(request);
    if (!isRevalidationToken(request.headers.get(REVALIDATE_HEADER))) throw new ApiError('notFound');
    // The landing page and the product pages (and the shop's dynamic pages, which have nothing cached).
    revalidatePath('/[locale]/(shop)', 'layout');
    for (const file of sitemapFiles) revalidatePath(`/${file}`);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  });
}
