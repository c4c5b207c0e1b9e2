import { z } from 'zod';
import { idempotencyKey } from '@/lib/api/schemas';
import { BILLING_INTERVALS, PAID_PLAN_IDS } from './plans';

/** POST /api/test-clock/advance: whole days, up to 400 (a yearly renewal and then some). */
export const advanceSchema = z.object({ days: z.number().int().min(1).max(400) });

const plan = z.enum(PAID_PLAN_IDS as [string, ...string[]]);
const interval = z.enum(BILLING_INTERVALS);

/** POST …/billing/checkout: a paid plan, monthly or yearly, with the 14-day trial when asked. */
export const subscribeSchema = z.object({
  plan,
  interval,
  trial: z.boolean().optional(),
  requestKey: idempotencyKey.optional(),
});

/** POST …/billing/change: the plan and interval to move to (an upgrade at once, a downgrade at the period's end). */
export const changeSchema = z.object({ plan, interval });
