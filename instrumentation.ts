// Runs once when a server process starts: the database is opened, migrated and seeded before the first
// request, so a broken configuration shows at start. A database that is down is retried on use. The
// prerendered shop pages follow the database's catalogue (lib/shop/catalogue-watch). What npm start's
// server answers on Node's response itself (the event streams, refused methods) is offered to it through
// server/node-bridge.mjs (lib/realtime/offer); under `next start` the event streams end on SIGTERM. The
// prerender cache learns how to tell whether the database answers (lib/errors/prerender-outage).
// Plauder's own widget is created when missing; the conversations' retention and notifications, and the local
// subscriptions' renewals and reminders, run in the background.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  try {
    const [
      { assertTrustedForwarding },
      { database, databaseKind },
      { watchCatalogue },
      { offerNodeAnswers, drainStreamsOnSignals },
      { chatEventsRoute },
      { conversationNodeRoutes },
      { startConversationJobs },
      { startBillingJobs },
      { keepSeats },
      { offerPrerenderOutage },
    ] = await Promise.all([
      import('./lib/security/forwarding'),
      import('./lib/db'),
      import('./lib/shop/catalogue-watch'),
      import('./lib/realtime/offer'),
      import('./lib/chat/node-stream'),
      import('./lib/conversations/node-routes'),
      import('./lib/conversations/jobs'),
      import('./lib/billing/jobs'),
      import('./lib/conversations/seats'),
      import('./lib/errors/prerender-outage'),
      // Registers the catalogue's seed with the database, which the first `database()` below runs.
      import('./lib/shop/seed'),
    ]);
    assertTrustedForwarding();
    // Before the server takes requests (npm start's server waits for the node answers offered next).
    offerPrerenderOutage();
    // The domains' event streams and hot answers, registered here so lib/realtime names none of its users.
    offerNodeAnswers([chatEventsRoute, ...conversationNodeRoutes]);
    if (!process.env.PLAUDER_SERVER) drainStreamsOnSignals();
    watchCatalogue();
    startConversationJobs();
    void startBillingJobs(keepSeats);
    try {
      await database();
      console.log(`database: ${await databaseKind()} ready`);
    } catch (error) {
      console.error(`database: not ready yet (${(error as Error).message}); retrying on the next request`);
    }
  } catch (error) {
    // An invalid setting, or anything else that fails here, ends the process (a Node-only module).
    (await import('./lib/errors/start-failure')).refuseToStart(error);
  }
}
