import { z } from 'zod';

// Empty strings count as missing, so `FOO=` in an env file falls back to the default.
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
