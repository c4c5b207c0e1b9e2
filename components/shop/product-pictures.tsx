import { getImageProps } from 'next/image';
import type { Messages } from '@/lib/i18n/slices';
import type { Locale } from '@/lib/i18n/routing';
import { SCREENSHOTS, screenshotPath } from '@/lib/storefront/screenshots';

type Labels = Messages['Home']['pictures'];

// The widths the grid gives each picture (the inbox two thirds, the phone-sized widget at most 20rem).
const PICTURES = [
  { picture: 'inbox', sizes: '(min-width: 1152px) 740px, (min-width: 768px) 64vw, 100vw', className: '' },
  { picture: 'widget', sizes: '(min-width: 768px) 320px, 100vw', className: 'mx-auto w-full max-w-xs' },
] as const;

/**
 * The inbox and the open widget, as `npm run screenshots` took them from the app in the page's language.
 * Below the fold, so loaded lazily (next/image's default): the hero's text stays the largest paint.
 */
export function ProductPictures({ labels, locale }: { labels: Labels; locale: Locale }) {
  return (
    <section aria-labelledby="pictures-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="pictures-title" className="text-center text-2xl font-bold text-slate-900">
        {labels.title}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{labels.lead}</p>
      <div className="mt-10 grid items-start gap-8 md:grid-cols-[2fr_1fr]">
        {PICTURES.map(({ picture, sizes, className }) => (
          <figure key={picture} className={className}>
            {/* next/image's props (getImageProps) on a plain img: its srcset, size and lazy loading without its
                client component, which would add its script to the landing page. */}
            {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- the props hold the alt */}
            <img
              {...getImageProps({
                src: screenshotPath(picture, locale),
                ...SCREENSHOTS[picture],
                alt: labels[picture].alt,
                sizes,
              }).props}
              className="h-auto w-full rounded-lg border border-slate-200 shadow-md"
            />
            <figcaption className="mt-3 text-center text-sm text-slate-700">{labels[picture].caption}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
