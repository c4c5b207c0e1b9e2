import type { ZodError } from 'zod';

/**
 * What is wrong with one field, in words the catalogue (Api.fields) turns into a sentence. A schema's own
 * check names its word in `params: { code }` (see `fieldCheck`).
 */
export type FieldIssue = {
  code:
    | 'required'
    | 'tooShort'
    | 'tooLong'
    | 'tooSmall'
    | 'tooBig'
    | 'invalidChoice'
    | 'invalid'
    | 'cardNumber'
    | 'expiryInvalid'
    | 'expiryPast'
    | 'cvc3'
    | 'cvc4';
  min?: number;
  max?: number;
};

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
      return { code: (issue.params?.code as FieldIssue['code'] | undefined) ?? 'invalid' };
    default:
      return { code: 'invalid' };
  }
}

/** The parameters of a schema's own check (`.refine(check, fieldCheck('cardNumber'))`) that name its word. */
export const fieldCheck = (code: FieldIssue['code']) => ({ params: { code } });

/** The first problem of each field of a failed validation, keyed by the field's path (`_` for the whole body). */
export function fieldIssues(error: ZodError): Record<string, FieldIssue> {
  const fields: Record<string, FieldIssue> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issueOf(issue);
  }
  return fields;
}
