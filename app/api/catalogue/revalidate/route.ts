// POST /api/catalogue/revalidate: called by this server itself when the database's catalogue changed
// (lib/shop/catalogue-watch.ts); marks the prerendered shop pages and the sitemaps stale. Anyone else
// gets a 403 (another origin) or a 404 (no token): the token exists only in the server's memory.
import { revalidateTag } from 'next/cache';
import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { isRevalidationToken, REVALIDATE_HEADER } from '@/lib/shop/catalogue-watch';
import { sitemapFiles } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

// The tags revalidatePath() gives: Next's own tag of the shop layout (the landing page, the product
// pages) and of each sitemap's path.
const CATALOGUE_PAGES = [`${NEXT_CACHE_IMPLICIT_TAG_ID}/[locale]/(shop)/layout`, ...sitemapFiles.map((file) => `${NEXT_CACHE_IMPLICIT_TAG_ID}/${file}`)];

export function POST(request: Request) {
  return handle(request, async () => {
    assertSameOrigin(request);
    if (!isRevalidationToken(request.headers.get(REVALIDATE_HEADER))) throw new ApiError('notFound');
    // Stale rather than expired (revalidatePath): the next visitor still gets the last good page while
    // it renders again in the background; if the database went away meanwhile, Next keeps that page.
    for (const tag of CATALOGUE_PAGES) revalidateTag(tag, 'max');
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  });
}
