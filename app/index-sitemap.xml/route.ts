// GET /index-sitemap.xml: the sitemap index (as /sitemap.xml), under the name the specification registers.
import { sitemapIndex } from '@/lib/seo/sitemap';

export const dynamic = 'force-static';

export function GET() {
  return sitemapIndex();
}
