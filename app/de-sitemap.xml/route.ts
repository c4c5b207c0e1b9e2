// GET /de-sitemap.xml: the German pages.
import { localeSitemap } from '@/lib/seo/sitemap';

export const dynamic = 'force-static';

export function GET() {
  return localeSitemap('de');
}
