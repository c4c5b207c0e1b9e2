import 'server-only';
import { alertWaitingOperators } from './alert-mail';
import { forgetClosedDashboards } from './operators';
import { applyRetention } from './retention';
import { seedSupportWidget } from '@/lib/widgets/support';
import { describeDatabaseError } from '@/lib/db/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_MS = 30_000;
const holder = globalThis as typeof globalThis & { __conversationJobs?: { supportSeeded: boolean } };

function run(name: string, job: () => Promise<unknown>) {
  job().catch((error: Error) => console.error(`conversations: ${name} failed: ${describeDatabaseError(error)}`));
}

/**
 * The conversations' background work of a server process: Plauder's own widget created when missing
 * (again every 30 s until the database has answered), retention at start and daily, and every 30 s the
 * e-mails to operators whose visitors wait (their chosen delay passed, no dashboard of theirs open). Several
 * instances may run them at once: the seed and each deletion are idempotent and each e-mail is claimed at the data.
 */
export function startConversationJobs(): void {
  if (holder.__conversationJobs) return;
  const state: { supportSeeded: boolean } = (holder.__conversationJobs = { supportSeeded: false });
  const seed = () => seedSupportWidget().then(() => (state.supportSeeded = true));
  run('support widget', seed);
  run('retention', applyRetention);
  setInterval(() => {
    run('retention', applyRetention);
    run('dashboard streams', forgetClosedDashboards);
  }, DAY_MS).unref();
  setInterval(() => {
    if (!state.supportSeeded) run('support widget', seed);
    run('operator alerts', alertWaitingOperators);
  }, SWEEP_MS).unref();
}
