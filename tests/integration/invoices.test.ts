// Invoices and credit notes (issue 38, invoices points 3 and 4): gapless numbers per series and year, one per
// charge, the tax per buyer, and a PDF in the invoice's language with what § 14 UStG asks, for the owner and
// admins of its workspace only.
import { eq } from 'drizzle-orm';
import { database } from '@/lib/db';
import { invoices } from '@/lib/db/schema';
import { issueInvoice } from '@/lib/billing/invoices/issue';
import { invoicesOf } from '@/lib/billing/invoices/list';
import { signedIn } from './signed-in';
import { teammate } from './teammates';
import {
  AUSTRIAN_BUSINESS,
  GERMAN_CONSUMER,
  billTo,
  counterOf,
  freshYear,
  creditNoteFor,
  invoiceFor,
  pdfOf,
  pdfText,
} from './invoices';

async function pdfTextOf(who: { cookie: string }, wid: string, id: string) {
  const response = await pdfOf(who, wid, id);
  expect(response.status).toBe(200);
  return pdfText(await response.arrayBuffer());
}

describe('an invoice', () => {
  it('in German, to a consumer in Germany: 19 %, seller and buyer, number, dates, net, tax and gross', async () => {
    const owner = await signedIn('owner');
    const wid = owner.workspaceId;
    await billTo(owner, wid, GERMAN_CONSUMER);
    const invoice = await invoiceFor(wid, { locale: 'de' });
    expect(invoice).toMatchObject({ netCents: 1597, taxCents: 303, grossCents: 1900, rateBasisPoints: 1900 });
    expect(invoice.number).toMatch(/^RE-2026-\d{5}$/);
    const text = await pdfTextOf(owner, wid, invoice.id);
    for (const expected of [
      'Plauder Demo GmbH\nMusterstraße 1\n10115 Berlin\nDeutschland\nUSt-IdNr.: DE000000000',
      'Jörg Weiß\nFußgängerstraße 3\n80331 München\nDeutschland\nRechnung\n',
      `Rechnungsnummer ${invoice.number}`,
      'Rechnungsdatum 1. November 2026',
      'Leistungszeitraum 1.–30. November 2026',
      'Abonnement Plauder Starter (monatliche Zahlung), 1.–30. November 2026 15,97 €',
      'Summe netto 15,97 €',
      'Umsatzsteuer 19 % auf 15,97 € 3,03 €',
      'Gesamtbetrag 19,00 €',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Reverse charge');
  });

  it('in English, to a business elsewhere in the EU: reverse charge, the note and both VAT IDs, no German VAT', async () => {
    const owner = await signedIn('owner');
    const wid = owner.workspaceId;
    await billTo(owner, wid, AUSTRIAN_BUSINESS);
    const invoice = await invoiceFor(wid, {
      lines: [
        {
          key: 'unusedTime',
          values: { plan: 'starter', interval: 'month', from: '2026-11-10', to: '2026-11-30' },
          amountGrossCents: -1330,
        },
        {
          key: 'upgrade',
          values: { plan: 'professional', interval: 'month', from: '2026-11-10', to: '2026-11-30' },
          amountGrossCents: 3430,
        },
      ],
    });
    expect(invoice).toMatchObject({ netCents: 1764, taxCents: 0, grossCents: 1764, reverseCharge: true });
    const text = await pdfTextOf(owner, wid, invoice.id);
    for (const expected of [
      'VAT ID: DE000000000',
      "Acme Österreich GmbH\nMariahilfer Straße 1\n1060 Wien\nAustria\nCustomer's VAT ID: ATU12345678\nInvoice\n",
      `Invoice number ${invoice.number}`,
      'Date of issue November 1, 2026',
      'Unused time on Plauder Starter (billed monthly), November 10 – 30, 2026 -€11.18',
      'Upgrade to Plauder Professional (billed monthly) for the rest of the period, €28.82\nNovember 10 – 30, 2026',
      'Total net €17.64',
      'VAT 0 % on €17.64 €0.00',
      'Total €17.64',
      'Steuerschuldnerschaft des Leistungsempfängers / Reverse charge',
    ])
      expect(text).toContain(expected);
  });

  it('outside the EU: no German VAT, with the note', async () => {
    const owner = await signedIn('owner');
    await billTo(owner, owner.workspaceId, { ...GERMAN_CONSUMER, country: 'CH', postalCode: '8001', city: 'Zürich' });
    const invoice = await invoiceFor(owner.workspaceId);
    expect(invoice).toMatchObject({ netCents: 1597, taxCents: 0, grossCents: 1597, note: 'outsideEu' });
    const text = await pdfTextOf(owner, owner.workspaceId, invoice.id);
    expect(text).toContain('8001 Zürich\nSwitzerland');
    expect(text).toContain('Not subject to German VAT: the place of supply is outside the EU.');
  });

  it('without billing details names the workspace, taxed as a consumer in Germany', async () => {
    const owner = await signedIn('owner');
    const invoice = await invoiceFor(owner.workspaceId);
    expect(invoice.buyer).toEqual({
      name: 'Personal',
      street: '',
      postalCode: '',
      city: '',
      country: 'DE',
      vatId: null,
      business: false,
    });
    expect(invoice).toMatchObject({ netCents: 1597, taxCents: 303, grossCents: 1900, note: null });
    expect(await pdfTextOf(owner, owner.workspaceId, invoice.id)).toContain('VAT ID: DE000000000\nPersonal\nGermany\n');
  });

  it('is issued once per charge: a repeat answers the same invoice and draws no number', async () => {
    const owner = await signedIn('owner');
    const issuedAt = await freshYear();
    const sourceId = `charge-${crypto.randomUUID()}`;
    const first = await invoiceFor(owner.workspaceId, { sourceId, issuedAt });
    const again = await invoiceFor(owner.workspaceId, { sourceId, locale: 'de', issuedAt });
    expect(again).toEqual(first);
    const next = await invoiceFor(owner.workspaceId, { issuedAt });
    expect(counterOf(next.number)).toBe(counterOf(first.number) + 1);
  });

  it('keeps its buyer: billing details changed later never alter it', async () => {
    const owner = await signedIn('owner');
    await billTo(owner, owner.workspaceId, GERMAN_CONSUMER);
    const invoice = await invoiceFor(owner.workspaceId);
    await billTo(owner, owner.workspaceId, AUSTRIAN_BUSINESS);
    const text = await pdfTextOf(owner, owner.workspaceId, invoice.id);
    expect(text).toContain('Jörg Weiß');
    expect(text).not.toContain('Acme');
  });
});

describe('invoice numbers', () => {
  it('leave no gap when the transaction that drew one rolls back', async () => {
    const owner = await signedIn('owner');
    const issuedAt = await freshYear();
    const before = await invoiceFor(owner.workspaceId, { issuedAt });
    const db = await database();
    const failed = db.transaction(async (tx) => {
      await issueInvoice(tx, {
        sourceId: 'charge-rolled-back',
        workspaceId: owner.workspaceId,
        locale: 'en',
        lines: [
          {
            key: 'plan',
            values: { plan: 'starter', interval: 'month', from: '2026-11-01', to: '2026-11-30' },
            amountGrossCents: 1900,
          },
        ],
        supplyFrom: new Date('2026-11-01'),
        supplyTo: new Date('2026-11-30'),
        issuedAt,
      });
      throw new Error('the charge failed');
    });
    await expect(failed).rejects.toThrow('the charge failed');
    expect(await db.select().from(invoices).where(eq(invoices.sourceId, 'charge-rolled-back'))).toEqual([]);
    const after = await invoiceFor(owner.workspaceId, { issuedAt });
    expect(counterOf(after.number)).toBe(counterOf(before.number) + 1);
  });

  it('are consecutive and unique under 20 concurrent charges, and start again each year', async () => {
    const owner = await signedIn('owner');
    const issuedAt = await freshYear();
    const issued = await Promise.all(Array.from({ length: 20 }, () => invoiceFor(owner.workspaceId, { issuedAt })));
    const counters = issued.map((invoice) => counterOf(invoice.number)).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(issued[0].number).toMatch(new RegExp(`^RE-${issuedAt.getUTCFullYear()}-000\\d\\d$`));
    // 31 December 23:30 UTC is already the new year in Berlin.
    const next = await invoiceFor(owner.workspaceId, { issuedAt: new Date('2031-12-31T23:30:00Z') });
    expect(next.number).toMatch(/^RE-2032-\d{5}$/);
  });
});

describe('a credit note', () => {
  it('mirrors the whole invoice under its own GS number, naming the invoice it corrects (German)', async () => {
    const owner = await signedIn('owner');
    await billTo(owner, owner.workspaceId, GERMAN_CONSUMER);
    const invoice = await invoiceFor(owner.workspaceId, { locale: 'de' });
    const note = await creditNoteFor(invoice.id);
    expect(note).toMatchObject({
      kind: 'creditNote',
      correctsId: invoice.id,
      netCents: -1597,
      taxCents: -303,
      grossCents: -1900,
    });
    expect(note.number).toMatch(/^GS-2026-\d{5}$/);
    const text = await pdfTextOf(owner, owner.workspaceId, note.id);
    for (const expected of [
      'Rechnungskorrektur (Gutschrift)',
      `Nummer der Rechnungskorrektur ${note.number}`,
      'Rechnungsdatum 20. November 2026',
      `Korrigiert die Rechnung ${invoice.number} vom 1. November 2026`,
      'Summe netto -15,97 €',
      'Umsatzsteuer 19 % auf -15,97 € -3,03 €',
      'Gesamtbetrag -19,00 €',
    ])
      expect(text).toContain(expected);
  });

  it('refunds part of an invoice at its rate, never more than it charged in all', async () => {
    const owner = await signedIn('owner');
    await billTo(owner, owner.workspaceId, GERMAN_CONSUMER);
    const invoice = await invoiceFor(owner.workspaceId);
    const note = await creditNoteFor(invoice.id, 1000);
    expect(note).toMatchObject({ netCents: -840, taxCents: -160, grossCents: -1000 });
    expect(await pdfTextOf(owner, owner.workspaceId, note.id)).toContain(`Refund for invoice ${invoice.number} -€8.40`);
    await expect(creditNoteFor(invoice.id, 901)).rejects.toThrow(RangeError);
    expect((await creditNoteFor(invoice.id, 900)).grossCents).toBe(-900);
    expect(await invoicesOf(owner.workspaceId)).toEqual(
      expect.arrayContaining([
        {
          id: invoice.id,
          number: invoice.number,
          total: 1900,
          currency: 'EUR',
          pdfUrl: `/api/workspaces/${owner.workspaceId}/invoices/${invoice.id}/pdf`,
          issuedAt: '2026-11-01T08:00:00.000Z',
          kind: 'invoice',
        },
        expect.objectContaining({ id: note.id, total: -1000, kind: 'creditNote' }),
      ]),
    );
    expect(await invoicesOf(owner.workspaceId)).toHaveLength(3);
  });
});

describe('the PDF route', () => {
  it('answers the owner and admins with a private download; agents, other workspaces and strangers get 404', async () => {
    const owner = await signedIn('owner');
    const wid = owner.workspaceId;
    const invoice = await invoiceFor(wid);
    const response = await pdfOf(owner, wid, invoice.id);
    expect(response.status).toBe(200);
    expect(
      Object.fromEntries(
        ['content-type', 'content-disposition', 'cache-control'].map((h) => [h, response.headers.get(h)]),
      ),
    ).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${invoice.number}.pdf"`,
      'cache-control': 'private, no-store',
    });
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const admin = await teammate(wid, 'admin', 'admin');
    expect((await pdfOf(admin, wid, invoice.id)).status).toBe(200);

    const agent = await teammate(wid, 'agent', 'agent');
    const otherOwner = await signedIn('other');
    const stranger = await signedIn('stranger');
    const refusals = [
      await pdfOf(agent, wid, invoice.id),
      await pdfOf(stranger, wid, invoice.id),
      // The owner of another workspace, through their own workspace's address.
      await pdfOf(otherOwner, otherOwner.workspaceId, invoice.id),
      await pdfOf(owner, wid, 'not-a-uuid'),
      await pdfOf(owner, wid, crypto.randomUUID()),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await refusals[0].json()).error.code).toBe('notFound');
    expect((await pdfOf(null, wid, invoice.id)).status).toBe(401);
  });
});
