// The invoice e-mail (issue 38, invoices point 5): mailed once to the owner in the invoice's language with its
// PDF attached; in local mode kept with the attachment for /mailbox, whose route serves the file; through SMTP a
// real MIME attachment.
import { and, eq } from 'drizzle-orm';
import { GET as attachmentRoute } from '@/app/api/mailbox/attachments/[id]/route';
import { sendInvoiceMail } from '@/lib/billing/invoices/mail';
import { database } from '@/lib/db';
import { mails } from '@/lib/db/schema';
import { listLocalMails } from '@/lib/mail';
import { apiRequest, signedIn } from './signed-in';
import { GERMAN_CONSUMER, billTo, creditNoteFor, invoiceFor, pdfText } from './invoices';

const download = (id: string) =>
  attachmentRoute(apiRequest('GET', `/api/mailbox/attachments/${id}`, null), { params: Promise.resolve({ id }) });

async function invoiceMailsTo(to: string) {
  return (await database())
    .select()
    .from(mails)
    .where(and(eq(mails.to, to), eq(mails.kind, 'invoice')));
}

it('is mailed once, in the invoice’s language, with the PDF that /mailbox offers for download', async () => {
  const owner = await signedIn('owner');
  await billTo(owner, owner.workspaceId, GERMAN_CONSUMER);
  const invoice = await invoiceFor(owner.workspaceId, { locale: 'de' });
  expect(await sendInvoiceMail(invoice.id, owner.email)).toBe(true);
  expect(await sendInvoiceMail(invoice.id, owner.email)).toBe(false);
  const [mail, ...more] = await invoiceMailsTo(owner.email);
  expect(more).toEqual([]);
  expect(mail.subject).toMatch(new RegExp(`^Rechnung ${invoice.number} für `));
  expect(mail.text).toContain('ausgestellt am 1. November 2026');
  expect(mail.text).toContain('19,00\u00a0€');
  expect(mail.text).toContain('http://localhost:3000/de/dashboard/billing');

  const listed = (await listLocalMails()).find((entry) => entry.id === mail.id)!;
  expect(listed.attachments).toEqual([
    { id: expect.any(String), filename: `${invoice.number}.pdf`, size: expect.any(Number) },
  ]);
  const response = await download(listed.attachments[0].id);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.number}.pdf"`);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const bytes = await response.arrayBuffer();
  expect(bytes.byteLength).toBe(listed.attachments[0].size);
  expect(await pdfText(bytes)).toContain(`Rechnungsnummer ${invoice.number}`);
});

it('names a credit note as such, in English', async () => {
  const owner = await signedIn('owner');
  const invoice = await invoiceFor(owner.workspaceId);
  const note = await creditNoteFor(invoice.id);
  expect(await sendInvoiceMail(note.id, owner.email)).toBe(true);
  const [mail] = await invoiceMailsTo(owner.email);
  expect(mail.subject).toMatch(new RegExp(`^Credit note ${note.number} for `));
  expect(mail.text).toContain('-€19.00.');
  expect(mail.text).toContain('The credit note is attached as a PDF.');
});

it('answers 404 for an attachment that does not exist', async () => {
  expect((await download(crypto.randomUUID())).status).toBe(404);
  expect((await download('not-a-uuid')).status).toBe(404);
});

it('goes out through SMTP with the PDF as a MIME attachment', async () => {
  const owner = await signedIn('owner');
  const invoice = await invoiceFor(owner.workspaceId);
  const sent: Buffer[] = [];
  const saved = { ...process.env };
  try {
    await jest.isolateModulesAsync(async () => {
      process.env.SMTP_URL = 'smtp://mail.example.com:587';
      // nodemailer's own stream transport builds the message SMTP would send, without a server.
      jest.doMock('nodemailer', () => {
        const nodemailer = jest.requireActual('nodemailer');
        const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
        return {
          createTransport: () => ({
            sendMail: async (message: object) => sent.push((await stream.sendMail(message)).message),
          }),
        };
      });
      const { sendInvoiceMail: send } = await import('@/lib/billing/invoices/mail');
      expect(await send(invoice.id, owner.email)).toBe(true);
    });
  } finally {
    process.env = saved;
    jest.dontMock('nodemailer');
  }
  expect(sent).toHaveLength(1);
  const mime = sent[0].toString();
  expect(mime).toMatch(/Content-Type: multipart\/mixed/);
  expect(mime).toContain(`Content-Type: application/pdf; name=${invoice.number}.pdf`);
  expect(mime).toContain(`Content-Disposition: attachment; filename=${invoice.number}.pdf`);
  const body = /filename=RE-[\d-]+\.pdf\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mime)![1];
  expect(await pdfText(Buffer.from(body.replace(/\r\n/g, ''), 'base64'))).toContain(`Invoice number ${invoice.number}`);
});

it('serves no attachment without the local mailbox (a real project, or the emulator not running)', async () => {
  const owner = await signedIn('owner');
  const invoice = await invoiceFor(owner.workspaceId);
  await sendInvoiceMail(invoice.id, owner.email);
  const [{ id }] = (await listLocalMails()).find((mail) => mail.to === owner.email)!.attachments;
  expect((await download(id)).status).toBe(200);
  const saved = { ...process.env };
  try {
    await jest.isolateModulesAsync(async () => {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = '';
      const { GET } = await import('@/app/api/mailbox/attachments/[id]/route');
      const response = await GET(apiRequest('GET', `/api/mailbox/attachments/${id}`, null), {
        params: Promise.resolve({ id }),
      });
      expect(response.status).toBe(404);
    });
  } finally {
    process.env = saved;
  }
});
