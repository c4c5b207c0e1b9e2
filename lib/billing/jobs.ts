import 'server-only';
import { describeDatabaseError } from '@/lib/db/errors';
import { billsLocally } from './clock';
import type { SeatKeeper } from './entitlements';
import { runDueBilling } from './local/due';

const SWEEP_MS = 60_000;
const holder = globalThis as typeof globalThis & {
  __billingJobs?: Promise<void>;
  __billingTimer?: ReturnType<typeof setInterval>;
};

function sweep(keepSeats: SeatKeeper): Promise<void> {
  return runDueBilling(keepSeats).catch((error: Error) =>
    console.error(`billing: due work failed: ${describeDatabaseError(error)}`),
  );
}

/**
 * The local engine's due work of a server process (without a Stripe key): at start and every minute, so
 * renewals, reminders and read-only happen as real time passes, not only when the test clock moves. Several
 * instances may run it at once (lib/billing/local/due claims each row). Answers the first run.
 */
export function startBillingJobs(keepSeats: SeatKeeper): Promise<void> {
  if (holder.__billingJobs) return holder.__billingJobs;
  if (!billsLocally()) return (holder.__billingJobs = Promise.resolve());
  holder.__billingTimer = setInterval(() => void sweep(keepSeats), SWEEP_MS).unref();
  return (holder.__billingJobs = sweep(keepSeats));
}

/** Stops the sweeps (a test that started them, before its database closes). */
export function stopBillingJobs(): void {
  clearInterval(holder.__billingTimer);
  holder.__billingJobs = holder.__billingTimer = undefined;
}
