import { z } from 'zod';
import { optional } from './env-fields';

// The seller's settings (OPERATOR_*), part of lib/env's schema: the legal pages and the structured data
// name them. Kept apart because they are validated together and fall back to the demo seller as a whole.

export const sellerSettings = {
  /** The seller, as the legal pages and the structured data name it (required with a real project). */
  OPERATOR_NAME: optional(z.string().min(2).max(200)),
  OPERATOR_REPRESENTATIVE: optional(z.string().min(2).max(200)),
  OPERATOR_STREET: optional(z.string().min(2).max(200)),
  OPERATOR_POSTAL_CODE: optional(z.string().regex(/^[A-Za-z0-9 -]{3,10}$/)),
  OPERATOR_CITY: optional(z.string().min(2).max(100)),
  /** ISO 3166-1 alpha-2. */
  OPERATOR_COUNTRY: optional(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code (DE)')),
  OPERATOR_EMAIL: optional(z.email()),
  OPERATOR_PHONE: optional(z.string().regex(/^\+?[0-9 ()/-]{6,30}$/, 'must be a phone number (+49 30 1234567)')),
  /** Register court and number, e.g. "Amtsgericht Berlin-Charlottenburg, HRB 123456 B". */
  OPERATOR_REGISTER: optional(z.string().min(2).max(200)),
  OPERATOR_VAT_ID: optional(
    z.string().regex(/^[A-Z]{2}[0-9A-Z+*.]{2,12}$/, 'must be a VAT identification number (DE123456789)'),
  ),
};

type SellerSettings = z.infer<z.ZodObject<typeof sellerSettings>>;

/** The seller named by the legal pages; `demo` marks the placeholder values of local mode. */
export type Operator = Readonly<{
  demo: boolean;
  name: string;
  representative: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  phone: string | null;
  register: string | null;
  vatId: string | null;
}>;

/** Local mode's seller: placeholders, marked as such wherever they are shown. */
const DEMO_OPERATOR: Operator = Object.freeze({
  demo: true,
  name: 'Plauder Demo GmbH',
  representative: 'Erika Mustermann',
  street: 'Musterstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  email: 'kontakt@plauder.example',
  phone: '+49 30 1234567',
  register: 'Amtsgericht Berlin-Charlottenburg, HRB 000000 B',
  vatId: 'DE000000000',
});

const OPERATOR_REQUIRED = [
  'OPERATOR_NAME',
  'OPERATOR_STREET',
  'OPERATOR_POSTAL_CODE',
  'OPERATOR_CITY',
  'OPERATOR_EMAIL',
] as const;

/**
 * A real project sells for real: the legal pages need the seller's own details (Impressum, § 5 DDG).
 * Local mode without any of them gets the demo seller.
 */
export function operatorOf(value: SellerSettings, mode: 'emulator' | 'project'): Operator {
  const missing = OPERATOR_REQUIRED.filter((name) => !value[name]);
  if (mode === 'emulator' && missing.length === OPERATOR_REQUIRED.length) return DEMO_OPERATOR;
  if (missing.length > 0)
    throw new Error(
      `Invalid environment configuration:\n  ${missing.join(', ')}: required (the legal pages name the seller; only local mode without any of them shows demo values)`,
    );
  return Object.freeze({
    demo: false,
    name: value.OPERATOR_NAME!,
    representative: value.OPERATOR_REPRESENTATIVE ?? null,
    street: value.OPERATOR_STREET!,
    postalCode: value.OPERATOR_POSTAL_CODE!,
    city: value.OPERATOR_CITY!,
    country: value.OPERATOR_COUNTRY ?? 'DE',
    email: value.OPERATOR_EMAIL!,
    phone: value.OPERATOR_PHONE ?? null,
    register: value.OPERATOR_REGISTER ?? null,
    vatId: value.OPERATOR_VAT_ID ?? null,
  });
}
