import 'server-only';
import { createTranslator } from 'next-intl';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceParty } from '@/lib/db/schema';
import type { Invoice } from './issue';
import { loadMessages } from '@/lib/i18n/messages';
import { SELLER_TIME_ZONE, type Locale } from '@/lib/i18n/routing';
import { formatPrice } from '@/lib/money';
import { isPlanId } from '../plans';
import { printable } from '../winansi';

type Translate = (key: string, values?: Record<string, string | number>) => string;

// A4 in points, with 2 cm margins.
const WIDTH = 595.28;
const HEIGHT = 841.89;
const MARGIN = 56.7;
const RIGHT = WIDTH - MARGIN;
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
/** Room kept right of a text for its amount. */
const AMOUNT_COLUMN = 110;

/** Writes lines top-down on A4 pages, a new page when one is full. */
class Sheet {
  private page: PDFPage;
  private y = HEIGHT - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }

  /**
   * One entry: `left` from the margin, wrapped to the width left of the amount column; `right` (an amount)
   * aligned to the right margin on its first line.
   */
  line(left: string, { right, size = 10, bold = false, muted = false, gap = 4 }: LineStyle = {}) {
    const font = bold ? this.bold : this.regular;
    const color = muted ? MUTED : INK;
    const width = right === undefined ? RIGHT - MARGIN : RIGHT - MARGIN - AMOUNT_COLUMN;
    for (const [at, text] of wrap(printable(left), font, size, width).entries()) {
      if (this.y < MARGIN + size) {
        this.page = this.doc.addPage([WIDTH, HEIGHT]);
        this.y = HEIGHT - MARGIN;
      }
      this.y -= size + (at > 0 ? 2 : 0);
      this.page.drawText(text, { x: MARGIN, y: this.y, size, font, color });
      if (at === 0 && right !== undefined) {
        const amount = printable(right);
        this.page.drawText(amount, { x: RIGHT - font.widthOfTextAtSize(amount, size), y: this.y, size, font, color });
      }
    }
    this.y -= gap;
  }

  space(points: number) {
    this.y -= points;
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: RIGHT, y: this.y }, thickness: 0.5, color: MUTED });
    this.space(8);
  }
}

/** `text` cut at spaces into lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  return [...lines, current];
}

type LineStyle = { right?: string; size?: number; bold?: boolean; muted?: boolean; gap?: number };

/** A party's address block: name, street, postal code and city, the country's name in the invoice's language. */
function address(party: InvoiceParty, locale: Locale): string[] {
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(party.country) ?? party.country;
  return [party.name, party.street, `${party.postalCode} ${party.city}`.trim(), country].filter(Boolean);
}

/**
 * The invoice or credit note as a PDF in its own language, with what § 14 UStG asks: seller and buyer with
 * addresses and VAT IDs, number, issue date, supply period, the lines, net per rate, rate, tax and gross, and
 * the reverse-charge note; a credit note names the invoice it corrects. Rendered from the stored record, so
 * it reads the same every time.
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  corrects: { number: string; issuedAt: Date } | null,
): Promise<Uint8Array> {
  const locale = invoice.locale;
  const t = createTranslator({
    locale,
    messages: await loadMessages(locale),
    namespace: 'Invoice',
  }) as unknown as Translate;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: SELLER_TIME_ZONE });
  const price = (cents: number) => formatPrice(cents, invoice.currency, locale);
  const title = t(`title.${invoice.kind}`);

  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${invoice.number}`);
  doc.setAuthor(invoice.seller.name);
  doc.setLanguage(locale);
  doc.setCreator('Plauder');
  doc.setProducer('Plauder');
  doc.setCreationDate(invoice.issuedAt);
  doc.setModificationDate(invoice.issuedAt);
  const sheet = new Sheet(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  const { seller, buyer } = invoice;
  for (const [at, text] of address(seller, locale).entries()) sheet.line(text, { bold: at === 0, muted: at > 0 });
  if (seller.vatId) sheet.line(t('sellerVatId', { vatId: seller.vatId }), { muted: true });
  sheet.space(24);
  for (const [at, text] of address(buyer, locale).entries()) sheet.line(text, { bold: at === 0 });
  if (buyer.vatId) sheet.line(t('buyerVatId', { vatId: buyer.vatId }));
  sheet.space(24);

  sheet.line(title, { size: 18, bold: true, gap: 10 });
  sheet.line(t(`numberOf.${invoice.kind}`), { right: invoice.number });
  sheet.line(t('issued'), { right: date.format(invoice.issuedAt) });
  sheet.line(t('supply'), { right: date.formatRange(invoice.supplyFrom, invoice.supplyTo) });
  if (corrects)
    sheet.line(t('corrects', { number: corrects.number, date: date.format(corrects.issuedAt) }), { bold: true });
  sheet.space(16);

  sheet.line(t('description'), { right: t('amount'), bold: true });
  sheet.rule();
  for (const line of invoice.lines) {
    const { from, to, ...values } = line.values;
    // A line's period ({period}): its dates as one range, as the supply period is written.
    if (typeof from === 'string' && typeof to === 'string')
      values.period = date.formatRange(new Date(from), new Date(to));
    // The plan's name and the billing interval in the invoice's words.
    if (isPlanId(values.plan)) values.plan = t(`plans.${values.plan}`);
    if (values.interval === 'month' || values.interval === 'year') values.interval = t(`intervals.${values.interval}`);
    sheet.line(t(`lines.${line.key}`, values), { right: price(line.netCents), gap: 6 });
  }
  sheet.rule();
  sheet.line(t('net'), { right: price(invoice.netCents) });
  sheet.line(t('tax', { rate: invoice.rateBasisPoints / 100, net: price(invoice.netCents) }), {
    right: price(invoice.taxCents),
  });
  sheet.line(t('gross'), { right: price(invoice.grossCents), bold: true, size: 12 });
  sheet.space(16);
  if (invoice.note) sheet.line(t(`notes.${invoice.note}`), { bold: true });
  sheet.space(24);
  sheet.line([seller.name, seller.register, seller.email].filter(Boolean).join(' · '), { size: 8, muted: true });
  return doc.save();
}
