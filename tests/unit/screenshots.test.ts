/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { ProductPictures } from '@/components/shop/product-pictures';
import { SCREENSHOTS, screenshotPath, type Screenshot } from '@/lib/storefront/screenshots';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

// The pictures of the product are committed (npm run screenshots writes them): each one exists in both
// languages at the size the page declares, and the landing page's section shows that language's ones.
const messages = { en, de } as const;
const pictures = Object.keys(SCREENSHOTS) as Screenshot[];

describe('the pictures of the product', () => {
  it.each(['en', 'de'] as const)('are committed as WebP at their declared size (%s)', async (locale) => {
    for (const picture of pictures) {
      const file = readFileSync(`${process.cwd()}/public${screenshotPath(picture, locale)}`);
      const { format, width, height } = await sharp(file).metadata();
      expect({ picture, format, width, height }).toEqual({ picture, format: 'webp', ...SCREENSHOTS[picture] });
      // Sized for the page: a few dozen kilobytes, not a raw capture.
      expect(file.length).toBeLessThan(150_000);
    }
  });

  it.each(['en', 'de'] as const)('are shown lazily with their size and alt text in the language (%s)', (locale) => {
    const html = renderToStaticMarkup(
      createElement(ProductPictures, { labels: messages[locale].Home.pictures, locale }),
    );
    for (const picture of pictures) {
      const { width, height } = SCREENSHOTS[picture];
      const alt = messages[locale].Home.pictures[picture].alt.replace(/'/g, '&#x27;');
      const image = new RegExp(`<img [^>]*alt="${alt}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(image).toContain(`loading="lazy"`);
      expect(image).toContain(`width="${width}" height="${height}"`);
      expect(image).toContain(encodeURIComponent(screenshotPath(picture, locale)));
    }
  });
});
