// Runs once when a server process starts: the database is opened, migrated and seeded before the first
// request, so a broken configuration shows at start. A database that is down is retried on use. The
// prerendered shop pages follow the database's catalogue (lib/shop/catalogue-watch). The event streams
// are offered to npm start's server, which serves them on Node's response (lib/node-bridge.mjs). Plauder's
// own widget is created when missing; the conversations' retention and notifications run in the background.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ assertTrustedForwarding }, { database, databaseKind }, { watchCatalogue }, { offerEventStreams }, { startConversationJobs }] = await Promise.all([
    import('./lib/security/forwarding'),
    import('./lib/db'),
    import('./lib/shop/catalogue-watch'),
    import('./lib/realtime/offer'),
    import('./lib/conversations/jobs'),
  ]);
  assertTrustedForwarding();
  offerEventStreams();
  watchCatalogue();
  startConversationJobs();
  try {
    await database();
    console.log(`database: ${await databaseKind()} ready`);
  } catch (error) {
    console.error(`database: not ready yet (${(error as Error).message}); retrying on the next request`);
  }
}
