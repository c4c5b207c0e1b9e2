// GET /og/en.png, /og/de.png: the Open Graph image of each locale (the site's name, its promise and a
// chat bubble); GET /og/<product>.<locale>.png: a product's own image (its name, price and description,
// the image of its structured data). Prerendered at build time, a product added later on first request.
import { ImageResponse } from 'next/og';
import { getTranslations } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/routing';
import { OG_IMAGE_SIZE, ogImagePath, productImagePath } from '@/lib/seo/og-image';
import { formatPrice } from '@/lib/money';
import { activeProduct, activeProducts } from '@/lib/shop/products';
import { PLAN_CURRENCY } from '@/lib/billing/plans';
import { planOfProduct, planPrice } from '@/lib/storefront/plan-offers';

export const dynamic = 'force-static';

export async function generateStaticParams() {
  const products = await Promise.all(
    locales.map(async (locale) => (await activeProducts(locale)).map((p) => productImagePath(p.slug, locale))),
  );
  return [...locales.map(ogImagePath), ...products.flat()].map((path) => ({ image: path.slice('/og/'.length) }));
}

/** What an image name asks for: a locale's site image or a product's in a locale. */
function parse(image: string): { locale: Locale; slug: string | null } | null {
  const match = /^(?:([a-z0-9-]+)\.)?([a-z]{2})\.png$/.exec(image);
  const locale = locales.find((candidate) => candidate === match?.[2]);
  return match && locale ? { locale, slug: match[1] ?? null } : null;
}

export async function GET(_request: Request, { params }: RouteContext<'/og/[image]'>) {
  const wanted = parse((await params).image);
  if (!wanted) return new Response(null, { status: 404 });
  const { locale, slug } = wanted;
  const [metadata, home, plans] = await Promise.all([
    getTranslations({ locale, namespace: 'Metadata' }),
    getTranslations({ locale, namespace: 'Home' }),
    getTranslations({ locale, namespace: 'Plans' }),
  ]);
  const product = slug ? await activeProduct(slug, locale) : null;
  if (slug && !product) return new Response(null, { status: 404 });
  const title = product ? product.name : home('hero.title');
  const text = product ? product.description : metadata('home.description');
  const plan = product && planOfProduct(product.slug);
  // A plan's badge is its monthly price from the table of plans, as its page shows it first.
  const badge = plan
    ? `${formatPrice(planPrice(plan, 'month').grossCents, PLAN_CURRENCY, locale)} ${plans('perMonth')}`
    : product
      ? formatPrice(product.priceCents, product.currency, locale)
      : home('hero.secondary');
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: 'linear-gradient(135deg, #eef2ff 0%, #ffffff 60%)',
        color: '#0f172a',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <div
          style={{
            width: 64,
            height: 64,
            borderRadius: 20,
            background: '#4338ca',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#ffffff',
            fontSize: 40,
          }}
        >
          P
        </div>
        <div style={{ fontSize: 44, color: '#312e81' }}>{metadata('siteName')}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ fontSize: 64, lineHeight: 1.1, maxWidth: 980 }}>{title}</div>
        <div style={{ fontSize: 30, lineHeight: 1.4, color: '#334155', maxWidth: 980 }}>{text}</div>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <div
          style={{
            display: 'flex',
            padding: '18px 28px',
            borderRadius: 28,
            background: '#4338ca',
            color: '#ffffff',
            fontSize: 30,
          }}
        >
          {badge}
        </div>
      </div>
    </div>,
    { ...OG_IMAGE_SIZE, headers: { 'Cache-Control': 'public, max-age=86400' } },
  );
}
