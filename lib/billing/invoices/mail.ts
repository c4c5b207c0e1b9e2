import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { database } from '@/lib/db';
import { invoices, workspaces } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/paths';
import { sendMail } from '@/lib/mail';
import { renderInvoicePdf } from './pdf';

/** Where an invoice's e-mail leads: the workspace's billing page. */
export const BILLING_PAGE = '/dashboard/billing';

const corrected = alias(invoices, 'corrected');

/**
 * Mails invoice `invoiceId` (or credit note) to `to` (the workspace's owner) in the invoice's language, its
 * PDF attached, once: a conditional update claims it, a failed sending releases the claim for a retry.
 * Answers whether this call sent it; throws what the sending threw.
 */
export async function sendInvoiceMail(invoiceId: string, to: string): Promise<boolean> {
  const db = await database();
  const [claimed] = await db
    .update(invoices)
    .set({ mailedAt: new Date() })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.mailedAt)))
    .returning({ id: invoices.id });
  if (!claimed) return false;
  try {
    const [row] = await db
      .select({
        invoice: invoices,
        workspace: workspaces.name,
        corrects: { number: corrected.number, issuedAt: corrected.issuedAt },
      })
      .from(invoices)
      .leftJoin(workspaces, eq(workspaces.id, invoices.workspaceId))
      .leftJoin(corrected, eq(corrected.id, invoices.correctsId))
      .where(eq(invoices.id, invoiceId));
    const { invoice, corrects } = row;
    const { name, street, postalCode, city } = invoice.seller;
    await sendMail(
      'invoice',
      to,
      invoice.locale,
      {
        kind: invoice.kind,
        number: invoice.number,
        workspace: row.workspace ?? invoice.buyer.name,
        issuedAt: invoice.issuedAt.toISOString(),
        totalCents: invoice.grossCents,
        currency: invoice.currency,
        link: `${env.siteUrl}${localizedPath(BILLING_PAGE, invoice.locale)}`,
        seller: `${name}, ${street}, ${postalCode} ${city}`,
      },
      [
        {
          filename: `${invoice.number}.pdf`,
          contentType: 'application/pdf',
          bytes: await renderInvoicePdf(invoice, corrects),
        },
      ],
    );
    return true;
  } catch (error) {
    await db.update(invoices).set({ mailedAt: null }).where(eq(invoices.id, invoiceId));
    throw error;
  }
}
