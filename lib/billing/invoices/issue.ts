import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/types';
import {
  billingDetails,
  invoiceCounters,
  invoices,
  workspaces,
  type InvoiceLine,
  type InvoiceSeller,
  type InvoiceSeries,
} from '@/lib/db/schema';
import { env } from '@/lib/env';
import { SELLER_TIME_ZONE, type Locale } from '@/lib/i18n/routing';
import { PLAN_CURRENCY } from '../plans';
import { netOf, taxFor } from '../tax';
import { LINE_KEYS, type LineKey } from './lines';

export type Invoice = typeof invoices.$inferSelect;

/** A line to bill: its text (Invoice.lines.<key> with `values`) and its listed price, German VAT included. */
export type LineInput = { key: LineKey; values: Record<string, string | number>; amountGrossCents: number };

export type IssueInvoiceInput = {
  /** The charge billed (unique: issuing again for it answers the same invoice). */
  sourceId: string;
  workspaceId: string;
  /** The owner's language. */
  locale: Locale;
  lines: LineInput[];
  supplyFrom: Date;
  supplyTo: Date;
  /** When it is issued (the local engine's test clock); now without it. */
  issuedAt?: Date;
};

export type IssueCreditNoteInput = {
  invoiceId: string;
  /** The refund (unique, like an invoice's charge). */
  sourceId: string;
  /** What is refunded of what the invoice charged (its gross); the whole invoice without it. */
  amountGrossCents?: number;
  issuedAt?: Date;
};

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: SELLER_TIME_ZONE, year: 'numeric' });

/** Thrown inside the savepoint when another transaction issued for the same source first: undoes the draw. */
class AlreadyIssued extends Error {}

/**
 * The next number of `series` in the year of `issuedAt` (the seller's time zone): one statement that creates
 * or increments the counter row. The row stays locked until the caller's transaction ends, and its rollback
 * takes the number back, so numbers have neither gaps nor duplicates.
 */
async function drawNumber(tx: Executor, series: InvoiceSeries, issuedAt: Date): Promise<string> {
  const year = Number(yearFormat.format(issuedAt));
  const [{ drawn }] = await tx
    .insert(invoiceCounters)
    .values({ series, year, next: 2 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { next: sql`${invoiceCounters.next} + 1` },
    })
    .returning({ drawn: sql<number>`${invoiceCounters.next} - 1` });
  return `${series}-${year}-${String(drawn).padStart(5, '0')}`;
}

const bySource = (tx: Executor, sourceId: string) =>
  tx.select().from(invoices).where(eq(invoices.sourceId, sourceId)).limit(1);

/**
 * Writes the record `values` builds with a number drawn from `series`, once per source: a repeat (even one
 * racing this one) answers the record already issued, and its draw is rolled back in a savepoint (no gap).
 */
async function issueOnce(
  tx: Executor,
  series: InvoiceSeries,
  sourceId: string,
  issuedAt: Date,
  values: (number: string) => Promise<typeof invoices.$inferInsert>,
): Promise<Invoice> {
  const [existing] = await bySource(tx, sourceId);
  if (existing) return existing;
  try {
    return await tx.transaction(async (savepoint) => {
      const row = await values(await drawNumber(savepoint, series, issuedAt));
      const [issued] = await savepoint
        .insert(invoices)
        .values(row)
        .onConflictDoNothing({ target: invoices.sourceId })
        .returning();
      if (!issued) throw new AlreadyIssued();
      return issued;
    });
  } catch (error) {
    if (!(error instanceof AlreadyIssued)) throw error;
    return (await bySource(tx, sourceId))[0];
  }
}

const seller = (): InvoiceSeller => {
  const { name, street, postalCode, city, country, vatId, email, register } = env.operator;
  return { name, street, postalCode, city, country, vatId, email, register };
};

/** Whom the workspace's invoices name: its billing details, or (none saved) the workspace as a consumer in Germany. */
export async function buyerOf(tx: Executor, workspaceId: string): Promise<Invoice['buyer']> {
  const [row] = await tx
    .select({ details: billingDetails, workspace: workspaces.name })
    .from(workspaces)
    .leftJoin(billingDetails, eq(billingDetails.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw new RangeError(`invoice: no workspace ${workspaceId}`);
  if (!row.details)
    return { name: row.workspace, street: '', postalCode: '', city: '', country: 'DE', vatId: null, business: false };
  const { name, street, postalCode, city, country, vatId, business } = row.details;
  return { name, street, postalCode, city, country, vatId, business };
}

/**
 * What the workspace's buyer pays for a listed price (German VAT included): the gross its invoice totals, so the
 * card is charged exactly that (a reverse-charge business pays the net, a German consumer the listed price).
 */
export async function buyerPays(executor: Executor, workspaceId: string, listedCents: number): Promise<number> {
  return taxFor(await buyerOf(executor, workspaceId), listedCents).grossCents;
}

const sum = (lines: InvoiceLine[], field: 'netCents' | 'taxCents' | 'grossCents') =>
  lines.reduce((total, line) => total + line[field], 0);

/**
 * Issues the invoice of a charge inside the caller's transaction (the one that records the charge): the buyer
 * from the workspace's billing details, the tax per line by lib/billing/tax, the next RE number of the year.
 * Issuing again for `sourceId` answers the invoice already issued.
 */
export async function issueInvoice(tx: Executor, input: IssueInvoiceInput): Promise<Invoice> {
  if (input.lines.length === 0 || input.lines.some((line) => !LINE_KEYS.includes(line.key)))
    throw new RangeError('invoice: lines must be known and not empty');
  const issuedAt = input.issuedAt ?? new Date();
  return issueOnce(tx, 'RE', input.sourceId, issuedAt, async (number) => {
    const buyer = await buyerOf(tx, input.workspaceId);
    const lines = input.lines.map(({ key, values, amountGrossCents }) => {
      const { netCents, taxCents, grossCents } = taxFor(buyer, amountGrossCents);
      return { key, values, netCents, taxCents, grossCents };
    });
    const tax = taxFor(buyer, 0);
    return {
      kind: 'invoice',
      number,
      sourceId: input.sourceId,
      workspaceId: input.workspaceId,
      issuedAt,
      supplyFrom: input.supplyFrom,
      supplyTo: input.supplyTo,
      seller: seller(),
      buyer,
      lines,
      netCents: sum(lines, 'netCents'),
      rateBasisPoints: tax.rateBasisPoints,
      taxCents: sum(lines, 'taxCents'),
      grossCents: sum(lines, 'grossCents'),
      currency: PLAN_CURRENCY,
      locale: input.locale,
      reverseCharge: tax.reverseCharge,
      note: tax.note,
    };
  });
}

/**
 * Issues a credit note (GS number) for a refund of `invoiceId`: the whole invoice mirrored, or
 * `amountGrossCents` of what it charged at its rate. Refunds never add up to more than the invoice (the
 * invoice's row is locked while they are summed). Issuing again for `sourceId` answers the same credit note.
 */
export async function issueCreditNote(tx: Executor, input: IssueCreditNoteInput): Promise<Invoice> {
  const issuedAt = input.issuedAt ?? new Date();
  return issueOnce(tx, 'GS', input.sourceId, issuedAt, async (number) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, input.invoiceId), eq(invoices.kind, 'invoice')))
      .for('update');
    if (!invoice) throw new RangeError(`credit note: no invoice ${input.invoiceId}`);
    const [{ refunded }] = await tx
      .select({ refunded: sql<number>`coalesce(-sum(${invoices.grossCents}), 0)::int` })
      .from(invoices)
      .where(eq(invoices.correctsId, invoice.id));
    const amount = input.amountGrossCents ?? invoice.grossCents;
    if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > invoice.grossCents)
      throw new RangeError(`credit note: ${amount} is not refundable of ${invoice.number}`);
    const lines: InvoiceLine[] =
      amount === invoice.grossCents && refunded === 0
        ? invoice.lines.map((line) => ({
            ...line,
            netCents: -line.netCents,
            taxCents: -line.taxCents,
            grossCents: -line.grossCents,
          }))
        : [refundLine(invoice, amount)];
    const { workspaceId, supplyFrom, supplyTo, seller, buyer, rateBasisPoints, currency, locale } = invoice;
    return {
      ...{ workspaceId, supplyFrom, supplyTo, seller, buyer, rateBasisPoints, currency, locale },
      reverseCharge: invoice.reverseCharge,
      note: invoice.note,
      kind: 'creditNote',
      number,
      sourceId: input.sourceId,
      issuedAt,
      lines,
      netCents: sum(lines, 'netCents'),
      taxCents: sum(lines, 'taxCents'),
      grossCents: sum(lines, 'grossCents'),
      correctsId: invoice.id,
    };
  });
}

/** A partial refund as one line at the invoice's rate. */
function refundLine(invoice: Invoice, amountGrossCents: number): InvoiceLine {
  const net = netOf(amountGrossCents, invoice.rateBasisPoints);
  return {
    key: 'refund',
    values: { number: invoice.number },
    netCents: -net,
    taxCents: -(amountGrossCents - net),
    grossCents: -amountGrossCents,
  };
}
