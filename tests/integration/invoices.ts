// Invoices issued at the data as the subscription engine issues them (in the transaction of a charge), their
// PDFs read back as text, and the PDF route as a member or a stranger calls it.
import { extractText, getDocumentProxy } from 'unpdf';
import { GET as pdfRoute } from '@/app/api/workspaces/[wid]/invoices/[id]/pdf/route';
import { PUT as saveDetails } from '@/app/api/workspaces/[wid]/billing/details/route';
import { sql } from 'drizzle-orm';
import { database } from '@/lib/db';
import { invoiceCounters } from '@/lib/db/schema';
import { issueCreditNote, issueInvoice, type IssueInvoiceInput } from '@/lib/billing/invoices/issue';
import { apiRequest } from './signed-in';

type Who = { cookie: string } | null;

/** Billing details of a consumer in Germany and of a business in Austria (with its VAT ID). */
export const GERMAN_CONSUMER = {
  name: 'Jörg Weiß',
  street: 'Fußgängerstraße 3',
  postalCode: '80331',
  city: 'München',
  country: 'DE',
  business: false,
  vatId: null,
};
export const AUSTRIAN_BUSINESS = {
  name: 'Acme Österreich GmbH',
  street: 'Mariahilfer Straße 1',
  postalCode: '1060',
  city: 'Wien',
  country: 'AT',
  business: true,
  vatId: 'ATU12345678',
};

/** Saves `wid`'s billing details through the API as its owner. */
export async function billTo(owner: Who, wid: string, details: Record<string, unknown>) {
  const response = await saveDetails(apiRequest('PUT', `/api/workspaces/${wid}/billing/details`, owner, details), {
    params: Promise.resolve({ wid }),
  });
  expect(response.status).toBe(200);
}

/** A month of `plan` for `workspaceId`, issued in a transaction of its own; `input` overrides. */
export async function invoiceFor(workspaceId: string, input: Partial<IssueInvoiceInput> = {}) {
  const db = await database();
  return db.transaction((tx) =>
    issueInvoice(tx, {
      sourceId: `charge-${crypto.randomUUID()}`,
      workspaceId,
      locale: 'en',
      lines: [
        {
          key: 'plan',
          values: { plan: 'starter', interval: 'month', from: '2026-11-01', to: '2026-11-30' },
          amountGrossCents: 1900,
        },
      ],
      supplyFrom: new Date('2026-11-01T00:00:00+01:00'),
      supplyTo: new Date('2026-11-30T23:59:59+01:00'),
      issuedAt: new Date('2026-11-01T09:00:00+01:00'),
      ...input,
    }),
  );
}

export async function creditNoteFor(invoiceId: string, amountGrossCents?: number) {
  const db = await database();
  return db.transaction((tx) =>
    issueCreditNote(tx, {
      invoiceId,
      sourceId: `refund-${crypto.randomUUID()}`,
      amountGrossCents,
      issuedAt: new Date('2026-11-20T10:00:00+01:00'),
    }),
  );
}

export const pdfOf = (who: Who, wid: string, id: string) =>
  pdfRoute(apiRequest('GET', `/api/workspaces/${wid}/invoices/${id}/pdf`, who), {
    params: Promise.resolve({ wid, id }),
  });

/** The text of a PDF, its lines joined by newlines, its spaces (Intl's no-break ones too) as plain spaces. */
export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\u00a0/g, ' ');
}

/** The number of an invoice as a series, a year and a counter. */
export const counterOf = (number: string) => Number(number.split('-')[2]);

/**
 * A moment in a year whose series no test has drawn from yet (3000 on), so that a test counts numbers of its own:
 * on PostgreSQL the test files share one database, and other files issue invoices at the same time.
 */
export async function freshYear(): Promise<Date> {
  const [{ last }] = await (
    await database()
  )
    .select({ last: sql<number | null>`max(${invoiceCounters.year})` })
    .from(invoiceCounters)
    .where(sql`${invoiceCounters.year} >= 3000`);
  return new Date(`${(last ?? 2999) + 1}-06-01T12:00:00Z`);
}
