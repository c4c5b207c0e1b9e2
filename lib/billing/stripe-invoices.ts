import 'server-only';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type Stripe from 'stripe';
import { database } from '@/lib/db';
import type { Executor } from '@/lib/db/types';
import { stripeInvoices } from '@/lib/db/schema';

/** A Stripe invoice as the billing page lists it: Stripe's hosted page and its PDF. */
export type StripeInvoiceSummary = {
  id: string;
  number: string;
  status: string | null;
  /** In the currency's smallest unit, tax included. */
  total: number;
  /** ISO 4217, upper case (EUR). */
  currency: string;
  hostedInvoiceUrl: string | null;
  pdfUrl: string | null;
  issuedAt: string;
};

/**
 * Keeps an invoice of the workspace as Stripe reported it in a read begun at `readAt`: a later event updates
 * it, unless its read is older than the one written (two events read concurrently).
 */
export async function keepStripeInvoice(tx: Executor, workspaceId: string, invoice: Stripe.Invoice, readAt: Date) {
  const subscription = invoice.parent?.subscription_details?.subscription;
  const values = {
    number: invoice.number,
    status: invoice.status,
    total: invoice.total,
    currency: invoice.currency.toUpperCase(),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    readAt,
  };
  await tx
    .insert(stripeInvoices)
    .values({
      id: invoice.id!,
      workspaceId,
      subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
      issuedAt: new Date(invoice.created * 1000),
      ...values,
    })
    .onConflictDoUpdate({
      target: stripeInvoices.id,
      set: { ...values, updatedAt: new Date() },
      setWhere: lte(stripeInvoices.readAt, readAt),
    });
}

/** The workspace's finalized Stripe invoices (those with a number), newest first. */
export async function stripeInvoicesOf(workspaceId: string, limit = 24): Promise<StripeInvoiceSummary[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(stripeInvoices)
    .where(and(eq(stripeInvoices.workspaceId, workspaceId), isNotNull(stripeInvoices.number)))
    .orderBy(desc(stripeInvoices.issuedAt), desc(stripeInvoices.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    number: row.number!,
    status: row.status,
    total: row.total,
    currency: row.currency,
    hostedInvoiceUrl: row.hostedInvoiceUrl,
    pdfUrl: row.invoicePdf,
    issuedAt: row.issuedAt.toISOString(),
  }));
}
