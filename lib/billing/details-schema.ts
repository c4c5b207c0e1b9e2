import { z } from 'zod';
import { fieldCheck } from '@/lib/api/fields';
import { singleLineText } from '@/lib/api/schemas';
import { isCountry } from './countries';
import { isVatIdOf, normalizeVatId } from './tax';
import { isPrintable } from './winansi';

/** A line of the invoice's address block: one line, printable by the invoice's font. */
const addressLine = (max: number) => singleLineText(1, max).refine(isPrintable, fieldCheck('invoiceText'));

/**
 * PUT /api/workspaces/:wid/billing/details: whom the invoices name. A VAT ID (businesses only) must have its
 * country's format and prefix; it is stored normalised (`DE123456789`).
 */
export const billingDetailsSchema = z
  .object({
    name: addressLine(200),
    street: addressLine(200),
    postalCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{2,12}$/),
    city: addressLine(100),
    country: z.string().trim().toUpperCase().refine(isCountry, fieldCheck('country')),
    business: z.boolean(),
    vatId: z
      .string()
      .transform(normalizeVatId)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((details, ctx) => {
    // Without a valid country the VAT ID has nothing to be checked against: the country's own error says it.
    if (!details.vatId || !isCountry(details.country)) return;
    if (!details.business) ctx.addIssue({ code: 'custom', path: ['vatId'], params: { fieldIssue: 'vatIdConsumer' } });
    else if (!isVatIdOf(details.vatId, details.country))
      ctx.addIssue({ code: 'custom', path: ['vatId'], params: { fieldIssue: 'vatId' } });
  });

export type BillingDetailsInput = z.infer<typeof billingDetailsSchema>;
