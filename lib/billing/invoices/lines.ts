// The texts an invoice line can have (messages: Invoice.lines.<key>), and what each names.
// - plan: a period of a plan ({plan}: a plan id, {interval}: month|year, {from}, {to}: ISO dates, written as
//   {period});
// - upgrade: the rest of a period on the larger plan ({plan}, {interval}, {from}, {to});
// - unusedTime: the credit for the rest of the period on the former plan ({plan}, {interval}, {from}, {to});
// - refund: a partial refund of invoice {number} (credit notes only).
export const LINE_KEYS = ['plan', 'upgrade', 'unusedTime', 'refund'] as const;
export type LineKey = (typeof LINE_KEYS)[number];
