// POST /api/catalogue/revalidate: called by this server itself when the database's catalogue changed
// (lib/shop/catalogue-watch.ts), and once when it starts; marks the prerendered pages, sitemaps and
// robots.txt stale. Anyone else gets a 403 (another origin) or a 404 (no token): the token exists only
// in the server's memory.
import { revalidateTag } from 'next/cache';
import { ApiError, handle } from '@/lib/api/errors';
import { assertSameOrigin } from '@/lib/api/request';
import { isRevalidationToken, REVALIDATE_HEADER } from '@/lib/shop/catalogue-watch';
import { sitemapFiles } from '@/lib/seo/sitemap';
import { implicitTag } from '@/server/private/next';

export const dynamic = 'force-dynamic';

// The tags revalidatePath() gives: Next's own tag of the root layout (every prerendered page: the
// landing and product pages show the catalogue, and each page names the site's URL, which the build may
// have known otherwise, so the server's first revalidation at start renders them with its own), of each
// sitemap's path, and of robots.txt.
const PRERENDERED = ['layout', ...sitemapFiles, 'robots.txt'].map(implicitTag);

export function POST(request: Request) {
  return handle(request, async () => {
    assertSameOrigin(request);
    if (!isRevalidationToken(request.headers.get(REVALIDATE_HEADER))) throw new ApiError('notFound');
    // Stale rather than expired (revalidatePath): the next visitor still gets the last good page while
    // it renders again in the background; if the database went away meanwhile, Next keeps that page.
    for (const tag of PRERENDERED) revalidateTag(tag, 'max');
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  });
}
