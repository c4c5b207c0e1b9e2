import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { database } from '@/lib/db';
import { invoices, type InvoiceKind } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { requireRole } from '../access';
import { renderInvoicePdf } from './pdf';

export type InvoiceSummary = {
  id: string;
  number: string;
  /** Gross, in cents (negative for a credit note). */
  total: number;
  currency: string;
  pdfUrl: string;
  issuedAt: string;
  kind: InvoiceKind;
};

const pdfUrl = (workspaceId: string, id: string) => `/api/workspaces/${workspaceId}/invoices/${id}/pdf`;

/** The workspace's invoices and credit notes, newest first (the billing API; its caller checks the member). */
export async function invoicesOf(workspaceId: string): Promise<InvoiceSummary[]> {
  const rows = await (
    await database()
  )
    .select({
      id: invoices.id,
      number: invoices.number,
      total: invoices.grossCents,
      currency: invoices.currency,
      issuedAt: invoices.issuedAt,
      kind: invoices.kind,
    })
    .from(invoices)
    .where(eq(invoices.workspaceId, workspaceId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  return rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString(), pdfUrl: pdfUrl(workspaceId, row.id) }));
}

const corrected = alias(invoices, 'corrected');

/**
 * An invoice's PDF for the owner or an admin of its workspace; anyone else (agents included) gets the 404 of an
 * invoice that does not exist.
 */
export async function invoicePdf(
  user: { uid: string },
  workspaceId: string,
  invoiceId: string,
): Promise<{ filename: string; bytes: Uint8Array }> {
  await requireRole(user, workspaceId, ['owner', 'admin'], { otherMember: 'notFound' });
  if (!z.uuid().safeParse(invoiceId).success) throw new ApiError('notFound');
  const [row] = await (
    await database()
  )
    .select({ invoice: invoices, corrects: { number: corrected.number, issuedAt: corrected.issuedAt } })
    .from(invoices)
    .leftJoin(corrected, eq(corrected.id, invoices.correctsId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.workspaceId, workspaceId)));
  if (!row) throw new ApiError('notFound');
  return { filename: `${row.invoice.number}.pdf`, bytes: await renderInvoicePdf(row.invoice, row.corrects) };
}
