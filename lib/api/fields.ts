import type { ZodError } from 'zod';

/** The sentences the catalogue has for a field (Api.fields). */
const FIELD_ISSUE_CODES = [
  'required',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'invalidChoice',
  'invalid',
  // Why a value is no web origin (an allowed origin of a widget).
  'originWildcard',
  'originNoScheme',
  'originScheme',
  'originNotUrl',
  'originPath',
  'originCredentials',
  'originIpv6',
  'originHost',
  'originHttp',
  // A web page's address (the widget's privacy policy): https, or http on this computer.
  'httpsUrl',
  // Why a card of the test checkout is refused (Stripe's own checks).
  'cardNumber',
  'expiryInvalid',
  'expiryPast',
  'cvc3',
  'cvc4',
  // Billing details (the invoices' buyer): characters the invoice's font lacks, a country, a VAT ID.
  'invoiceText',
  'country',
  'vatId',
  'vatIdConsumer',
  // A saved reply's text with a placeholder that does not exist.
  'placeholder',
  // A report's time zone and period (ends before it starts or spans more than a year).
  'timeZone',
  'period',
] as const;
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];

/** What is wrong with one field, in words the catalogue (Api.fields) turns into a sentence. */
export type FieldIssue = { code: FieldIssueCode; min?: number; max?: number };

/** A refinement names its own sentence: `ctx.addIssue({ code: 'custom', params: { fieldIssue } })`. */
function customCode(params: Record<string, unknown> | undefined): FieldIssueCode {
  const code = params?.fieldIssue;
  return (FIELD_ISSUE_CODES as readonly unknown[]).includes(code) ? (code as FieldIssueCode) : 'invalid';
}

function issueOf(issue: ZodError['issues'][number]): FieldIssue {
  switch (issue.code) {
    case 'invalid_type':
      return { code: issue.input === undefined || issue.input === null ? 'required' : 'invalid' };
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? { code: 'required' }
        : { code: issue.origin === 'string' ? 'tooShort' : 'tooSmall', min: Number(issue.minimum) };
    case 'too_big':
      return { code: issue.origin === 'string' ? 'tooLong' : 'tooBig', max: Number(issue.maximum) };
    case 'invalid_value':
      return { code: 'invalidChoice' };
    case 'custom':
      return { code: customCode(issue.params) };
    default:
      return { code: 'invalid' };
  }
}

/** The parameters of a schema's own check (`.refine(check, fieldCheck('cardNumber'))`) that name its word. */
export const fieldCheck = (fieldIssue: FieldIssueCode) => ({ params: { fieldIssue } });

/** The first problem of each field of a failed validation, keyed by the field's path (`_` for the whole body). */
export function fieldIssues(error: ZodError): Record<string, FieldIssue> {
  const fields: Record<string, FieldIssue> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issueOf(issue);
  }
  return fields;
}
