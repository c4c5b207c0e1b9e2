// GET /en-sitemap.xml: the English pages.
import { localeSitemap } from '@/lib/seo/sitemap';

export const dynamic = 'force-static';

export function GET() {
  return localeSitemap('en');
}
