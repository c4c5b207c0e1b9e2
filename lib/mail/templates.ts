import 'server-only';
import { createTranslator } from 'next-intl';
import { toSingleLine } from '@/lib/api/schemas';
import { escapeHtml } from '@/lib/html';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';
import { sellerTime } from '@/lib/i18n/seller-time';
import { formatPrice, splitVat } from '@/lib/money';

/** One line of a transcript. */
export type TranscriptLine = { at: string; from: 'visitor' | 'operator'; name: string | null; text: string };

/**
 * The kinds of e-mail and what each needs; everything else (language, layout, transport) is shared.
 */
export type MailData = {
  /** To an operator with no dashboard open: a visitor waits for an answer (`settings`: where they choose when). */
  visitorWaiting: {
    widget: string;
    visitor: string;
    page: string | null;
    text: string;
    link: string;
    settings: string;
  };
  /** To a member with no dashboard open: a teammate mentioned them in a note (`visitor`: null, anonymous). */
  noteMention: { author: string; widget: string; visitor: string | null; text: string; link: string };
  /** To a visitor who has left: an operator answered. */
  operatorReply: { widget: string; operator: string; text: string; link: string };
  /** To a visitor who asked for it: the whole conversation. */
  transcript: { widget: string; lines: TranscriptLine[]; timeZone: string };
  /** To an address a transcript was asked for that nobody has confirmed: the link that sends it (no chat text). */
  transcriptConfirmation: { widget: string; link: string };
  /** To a buyer: a paid order's receipt, and the next step (a guest's: the account the order joins). */
  receipt: {
    reference: string;
    paidAt: string;
    product: string;
    quantity: number;
    amountCents: number;
    currency: string;
    vatRateBasisPoints: number;
    email: string;
    guest: boolean;
    link: string;
    /** The seller's name and address. */
    seller: string;
  };
  /** To a ticket's owner: support answered (`text`, the reply), with links to the ticket and the settings. */
  ticketReply: { subject: string; text: string; link: string; settings: string };
  /** To a buyer: the payment of an order failed after the checkout (a delayed payment method's outcome). */
  paymentFailed: {
    reference: string;
    product: string;
    amountCents: number;
    currency: string;
    link: string;
    /** The settings' address for a signed-in buyer (who can turn these e-mails off); null for a guest. */
    settings: string | null;
  };
  /** To an invited address: join `workspace` with `role` through the link (single use, 7 days). */
  invitation: { workspace: string; inviter: string; role: 'admin' | 'agent'; link: string };
  /**
   * To a workspace's owner: an invoice or credit note of its subscription, its PDF attached (`totalCents`: gross,
   * negative for a credit note; `link`: the billing page; `seller`: the seller's name and address).
   */
  invoice: {
    kind: 'invoice' | 'creditNote';
    number: string;
    workspace: string;
    issuedAt: string;
    totalCents: number;
    currency: string;
    link: string;
    seller: string;
  };
  /** To a workspace's owner: its subscription's payment failed `day` days ago (0, 3, 7); read-only at `readOnlyAt`. */
  billingOverdue: {
    workspace: string;
    amountCents: number;
    currency: string;
    day: number;
    readOnlyAt: string;
    link: string;
  };
  /** To a workspace's owner: the payment stayed missing past the grace period, the workspace is read-only. */
  billingReadOnly: { workspace: string; link: string };
};
export type MailKind = keyof MailData;

/** A rendered e-mail: the subject and the body as text, and as HTML made of the same escaped lines. */
export type RenderedMail = { subject: string; text: string; html: string };

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Paragraphs of plain text (a link is a paragraph of its own), as text and as escaped HTML. */
function layout(
  subject: string,
  paragraphs: Array<string | { link: string; label: string }>,
  footer: string,
): RenderedMail {
  const text = [...paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.link}`)), '--', footer].join(
    '\n\n',
  );
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}" style="color:#4338ca">${escapeHtml(p.label)}</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${body}<hr><p style="color:#475569;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}

const templates: { [K in MailKind]: (t: Translate, data: MailData[K], locale: Locale) => RenderedMail } = {
  visitorWaiting: (t, data) =>
    layout(
      t('visitorWaiting.subject', { widget: data.widget, visitor: data.visitor }),
      [
        data.page
          ? t('visitorWaiting.intro', { visitor: data.visitor, page: data.page })
          : t('visitorWaiting.introNoPage', { visitor: data.visitor }),
        data.text,
        { link: data.link, label: t('visitorWaiting.action') },
      ],
      t('visitorWaiting.footer', { settings: data.settings }),
    ),
  noteMention: (t, data) =>
    layout(
      t('noteMention.subject', { author: data.author }),
      [
        t('noteMention.intro', { author: data.author, visitor: data.visitor ?? t('anonymous'), widget: data.widget }),
        data.text,
        { link: data.link, label: t('noteMention.action') },
      ],
      t('noteMention.footer'),
    ),
  operatorReply: (t, data) =>
    layout(
      t('operatorReply.subject', { widget: data.widget }),
      [
        // An operator without a display name answers under the widget's name.
        data.operator === data.widget
          ? t('operatorReply.introWidget', { widget: data.widget })
          : t('operatorReply.intro', { operator: data.operator, widget: data.widget }),
        data.text,
        { link: data.link, label: t('operatorReply.action') },
      ],
      t('operatorReply.footer', { widget: data.widget }),
    ),
  transcript: (t, data, locale) => {
    const format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: data.timeZone,
    });
    const lines = data.lines.map(
      (line) =>
        `${format.format(new Date(line.at))} · ${line.from === 'visitor' ? t('transcript.you') : (line.name ?? t('transcript.operators'))}\n${line.text}`,
    );
    return layout(
      t('transcript.subject', { widget: data.widget }),
      [t('transcript.intro', { widget: data.widget }), ...lines],
      t('transcript.footer', { widget: data.widget }),
    );
  },
  transcriptConfirmation: (t, data) =>
    layout(
      t('transcriptConfirmation.subject', { widget: data.widget }),
      [
        t('transcriptConfirmation.intro', { widget: data.widget }),
        { link: data.link, label: t('transcriptConfirmation.action') },
      ],
      t('transcriptConfirmation.footer', { widget: data.widget }),
    ),
  receipt: (t, data, locale) => {
    const price = (cents: number) => formatPrice(cents, data.currency, locale);
    const { netCents, vatCents, ratePercent } = splitVat(data.amountCents, data.vatRateBasisPoints);
    const date = sellerTime(data.paidAt, locale);
    const line = {
      quantity: data.quantity,
      product: data.product,
      unit: price(data.amountCents / data.quantity),
      amount: price(data.amountCents),
    };
    return layout(
      t('receipt.subject', { reference: data.reference }),
      [
        t('receipt.intro', { date }),
        t('receipt.details', { reference: data.reference, email: data.email }),
        t('receipt.line', line),
        [
          t('receipt.net', { amount: price(netCents) }),
          t('receipt.vat', { rate: ratePercent, amount: price(vatCents) }),
          t('receipt.total', { amount: price(data.amountCents) }),
        ].join('\n'),
        data.guest ? t('receipt.nextGuest', { email: data.email }) : t('receipt.next'),
        { link: data.link, label: data.guest ? t('receipt.actionGuest') : t('receipt.action') },
      ],
      t('receipt.footer', { seller: data.seller }),
    );
  },
  ticketReply: (t, data) => {
    // A ticket's subject may hold line breaks; a mail's subject line may not.
    const subject = toSingleLine(data.subject);
    return layout(
      t('ticketReply.subject', { subject }),
      [t('ticketReply.intro', { subject }), data.text, { link: data.link, label: t('ticketReply.action') }],
      t('ticketReply.footer', { settings: data.settings }),
    );
  },
  paymentFailed: (t, data, locale) =>
    layout(
      t('paymentFailed.subject', { reference: data.reference }),
      [
        t('paymentFailed.intro', {
          reference: data.reference,
          product: data.product,
          amount: formatPrice(data.amountCents, data.currency, locale),
        }),
        t('paymentFailed.next'),
        { link: data.link, label: t('paymentFailed.action') },
      ],
      data.settings ? t('paymentFailed.footer', { settings: data.settings }) : t('paymentFailed.footerGuest'),
    ),
  invitation: (t, data) =>
    layout(
      t('invitation.subject', { inviter: data.inviter, workspace: data.workspace }),
      [
        t('invitation.intro', { inviter: data.inviter, workspace: data.workspace, role: data.role }),
        { link: data.link, label: t('invitation.action') },
      ],
      t('invitation.footer'),
    ),
  invoice: (t, data, locale) => {
    const title = t(`invoice.title.${data.kind}`);
    return layout(
      t('invoice.subject', { title, number: data.number, workspace: data.workspace }),
      [
        t('invoice.intro', {
          title,
          number: data.number,
          workspace: data.workspace,
          date: sellerTime(data.issuedAt, locale),
          amount: formatPrice(data.totalCents, data.currency, locale),
        }),
        t(`invoice.attached.${data.kind}`),
        { link: data.link, label: t('invoice.action') },
      ],
      t('invoice.footer', { seller: data.seller }),
    );
  },
  billingOverdue: (t, data, locale) =>
    layout(
      t('billingOverdue.subject', { workspace: data.workspace, day: data.day }),
      [
        t('billingOverdue.intro', {
          workspace: data.workspace,
          amount: formatPrice(data.amountCents, data.currency, locale),
        }),
        t('billingOverdue.next', { date: sellerTime(data.readOnlyAt, locale) }),
        { link: data.link, label: t('billingOverdue.action') },
      ],
      t('billingOverdue.footer'),
    ),
  billingReadOnly: (t, data) =>
    layout(
      t('billingReadOnly.subject', { workspace: data.workspace }),
      [
        t('billingReadOnly.intro', { workspace: data.workspace }),
        { link: data.link, label: t('billingReadOnly.action') },
      ],
      t('billingOverdue.footer'),
    ),
};

/** Renders an e-mail of `kind` in `locale`, every text from messages (Mail). */
export async function renderMail<K extends MailKind>(
  kind: K,
  locale: Locale,
  data: MailData[K],
): Promise<RenderedMail> {
  const t = createTranslator({
    locale,
    messages: await loadMessages(locale),
    namespace: 'Mail',
  }) as unknown as Translate;
  return templates[kind](t, data, locale);
}
