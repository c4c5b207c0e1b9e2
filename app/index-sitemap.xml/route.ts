// GET /index-sitemap.xml: the home page in every locale.
import { indexSitemap } from '@/lib/seo/sitemap';

export const dynamic = 'force-static';

export function GET() {
  return indexSitemap();
}
