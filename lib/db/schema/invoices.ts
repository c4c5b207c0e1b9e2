// Invoices of local mode: whom a workspace's charges are billed to, and the invoices and credit notes issued
// for them (§14 UStG), numbered without gaps per series and year.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { workspaces } from './workspaces';

/** Whom a workspace's invoices name: a person or a company, its address, a business's VAT ID. */
export const billingDetails = pgTable(
  'billing_details',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    business: boolean('business').notNull(),
    /** Normalised (upper case, no spaces), its prefix the country's (EL for Greece); only for a business. */
    vatId: text('vat_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('billing_details_vat_id_check', sql`${table.vatId} is null or ${table.business}`)],
);

/** RE: invoices (Rechnungen), GS: credit notes (Gutschriften / Rechnungskorrekturen). */
export const INVOICE_SERIES = ['RE', 'GS'] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

/**
 * The next number of each series and year. Drawn by an update of its row in the transaction that writes the
 * invoice: the row stays locked until that commits, and a rollback takes the increment back (no gap).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').$type<InvoiceSeries>().notNull(),
    year: integer('year').notNull(),
    next: integer('next').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.series, table.year] }),
    check('invoice_counters_series_check', sql`${table.series} in ('RE', 'GS')`),
  ],
);

export const INVOICE_KINDS = ['invoice', 'creditNote'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A party as the invoice names it, copied when it is issued (later changes never alter an issued invoice). */
export type InvoiceParty = {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string | null;
};

/** The seller as the invoice names it, with its contact and its commercial register (the footer). */
export type InvoiceSeller = InvoiceParty & { email: string; register: string | null };

/** A line: its text as a message key (Invoice.lines) with values, and its amounts in cents. */
export type InvoiceLine = {
  key: string;
  values: Record<string, string | number>;
  netCents: number;
  taxCents: number;
  grossCents: number;
};

/**
 * An invoice or a credit note. Never deleted, nor with its workspace (kept for ten years, § 147 AO): the
 * workspace goes null, the buyer's snapshot stays. `sourceId` (the charge or the refund) is unique, so issuing
 * again for it answers the same record. A credit note's amounts are negative and name the invoice it corrects.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    number: text('number').notNull(),
    sourceId: text('source_id').notNull(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplyFrom: timestamp('supply_from', { withTimezone: true }).notNull(),
    supplyTo: timestamp('supply_to', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty & { business: boolean }>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    netCents: integer('net_cents').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    taxCents: integer('tax_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').$type<'en' | 'de'>().notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    /** The tax note's key (Invoice.notes): reverse charge, or a supply outside the EU. */
    note: text('note'),
    correctsId: uuid('corrects_id').references((): AnyPgColumn => invoices.id),
    /** When its e-mail went out (claimed before sending, released when sending fails): one e-mail per invoice. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.number),
    uniqueIndex('invoices_source_idx').on(table.sourceId),
    index('invoices_workspace_idx').on(table.workspaceId, table.issuedAt),
    index('invoices_corrects_idx').on(table.correctsId),
    check('invoices_kind_check', sql`${table.kind} in ('invoice', 'creditNote')`),
    check('invoices_corrects_check', sql`(${table.kind} = 'creditNote') = (${table.correctsId} is not null)`),
    check('invoices_locale_check', sql`${table.locale} in ('en', 'de')`),
  ],
);
