// GET /og/en.png, /og/de.png: the Open Graph image of each locale (the site's name, its promise and a
// chat bubble), prerendered at build time.
import { ImageResponse } from 'next/og';
import { getTranslations } from 'next-intl/server';
import { locales } from '@/lib/i18n/routing';
import { OG_IMAGE_SIZE } from '@/lib/seo/og-image';

export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ image: `${locale}.png` }));
}

export async function GET(_request: Request, { params }: RouteContext<'/og/[image]'>) {
  const { image } = await params;
  const locale = locales.find((candidate) => image === `${candidate}.png`);
  if (!locale) return new Response(null, { status: 404 });
  const [metadata, home] = await Promise.all([
    getTranslations({ locale, namespace: 'Metadata' }),
    getTranslations({ locale, namespace: 'Home' }),
  ]);
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, background: 'linear-gradient(135deg, #eef2ff 0%, #ffffff 60%)', color: '#0f172a' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <div style={{ width: 64, height: 64, borderRadius: 20, background: '#4338ca', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#ffffff', fontSize: 40 }}>
            P
          </div>
          <div style={{ fontSize: 44, color: '#312e81' }}>{metadata('siteName')}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
          <div style={{ fontSize: 64, lineHeight: 1.1, maxWidth: 980 }}>{home('hero.title')}</div>
          <div style={{ fontSize: 30, lineHeight: 1.4, color: '#334155', maxWidth: 980 }}>{metadata('home.description')}</div>
        </div>
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <div style={{ display: 'flex', padding: '18px 28px', borderRadius: 28, background: '#4338ca', color: '#ffffff', fontSize: 30 }}>
            {home('hero.secondary')}
          </div>
        </div>
      </div>
    ),
    { ...OG_IMAGE_SIZE, headers: { 'Cache-Control': 'public, max-age=86400' } },
  );
}
