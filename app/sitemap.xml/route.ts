// GET /sitemap.xml: the sitemap index.
import { sitemapIndex } from '@/lib/seo/sitemap';

export const dynamic = 'force-static';

export function GET() {
  return sitemapIndex();
}
