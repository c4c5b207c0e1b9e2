/**
 * Ends a server process whose start failed, saying why: Next would log a failed instrumentation register() and
 * keep the port open without answering, and a supervisor has to see it. An invalid setting's message names it
 * (lib/env); anything else comes with its stack.
 */
export function refuseToStart(error: unknown): never {
  const setting = error instanceof Error && error.message.startsWith('Invalid environment configuration');
  console.error('Refusing to start:', setting ? error.message : error);
  process.exit(1);
}
