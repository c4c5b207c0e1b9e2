// The landing page's pictures of the product (README.md, "Pictures of the product"): an owner signs in,
// a visitor of a customer's site writes in the widget, the owner answers in the inbox; the inbox and the
// open widget are taken in each language, sized (lib/storefront/screenshots.ts) and written as WebP.
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { SCREENSHOTS, screenshotPath, type Screenshot } from '@/lib/storefront/screenshots';
import { expect, localized, messages, test } from '../../tests/e2e/fixtures';
import { signIn } from '../../tests/e2e/auth';
import { createWidget, hostSite, snippet, visitor } from '../../tests/e2e/host-site';

const TEXTS = {
  en: {
    site: 'Lindenblatt Tea',
    widget: 'Tea advice',
    question: 'Hello! Do you ship loose-leaf tea to Vienna?',
    answer: 'Yes, we do: orders to Austria arrive within three working days.',
  },
  de: {
    site: 'Lindenblatt Tee',
    widget: 'Teeberatung',
    question: 'Hallo! Liefern Sie losen Tee auch nach Wien?',
    answer: 'Ja, gern: Bestellungen nach Österreich kommen innerhalb von drei Werktagen an.',
  },
} as const;

/** Writes a capture as the picture's WebP, at its size (the capture's viewport has that size already). */
async function save(picture: Screenshot, locale: 'en' | 'de', png: Buffer) {
  const { width, height } = SCREENSHOTS[picture];
  const file = `public${screenshotPath(picture, locale)}`;
  await sharp(png).resize(width, height, { fit: 'cover', position: 'top' }).webp({ quality: 80 }).toFile(file);
}

async function capture(target: Page | Locator) {
  // No caret blinking or animation in a picture.
  return target.screenshot({ animations: 'disabled', caret: 'hide' });
}

test.use({ viewport: SCREENSHOTS.inbox, deviceScaleFactor: 1 });

for (const locale of ['en', 'de'] as const) {
  test(`the inbox and the open widget (${locale})`, async ({ page, browser }) => {
    const w = messages[locale].Widget;
    const inbox = messages[locale].Dashboard.inbox;
    const text = TEXTS[locale];
    await mkdir('public/screenshots', { recursive: true });
    const site = await hostSite();
    try {
      await signIn(page, `team.${locale}@lindenblatt.example`, locale);
      const widgetId = await createWidget(page, { name: text.widget, allowedOrigins: [site.origin], locale });
      const body = snippet(widgetId).replace('data-title="Shop help"', `data-title="${text.widget}"`);
      site.setPage({ body, lang: locale, title: text.site });

      const guest = await visitor(browser, site.origin, { viewport: SCREENSHOTS.widget });
      await guest.widget.getByRole('button', { name: w.open.replace('{name}', text.widget) }).click();
      const composer = guest.widget.getByRole('form', { name: w.composer });
      await composer.getByLabel(w.message).fill(text.question);
      await composer.getByRole('button', { name: w.send }).click();
      await expect(guest.widget.getByRole('log', { name: w.messages }).getByText(text.question)).toBeVisible();

      await page.goto(localized('/dashboard/inbox', locale));
      await page.getByRole('navigation', { name: inbox.list }).getByRole('button', { name: text.question }).click();
      const thread = page.getByRole('region', { name: inbox.thread.replace('{name}', inbox.anonymous) });
      const reply = thread.getByRole('form', { name: inbox.reply });
      await reply.getByLabel(inbox.reply).fill(text.answer);
      await reply.getByRole('button', { name: inbox.send }).click();
      await expect(thread.getByRole('log').getByText(text.answer)).toBeVisible();
      await expect(guest.widget.getByRole('log').getByText(text.answer)).toBeVisible();

      // The inbox from the top of the page, as a member opens it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await save('inbox', locale, await capture(page));
      await save('widget', locale, await capture(guest.frame));
      await guest.context.close();
    } finally {
      await site.close();
    }
  });
}
