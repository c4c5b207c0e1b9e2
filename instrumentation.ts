// Runs once when a server process starts: the database is opened, migrated and seeded before the first
// request, so a broken configuration shows at start. A database that is down is retried on use. The
// chat's event streams are offered to `npm start`'s server (scripts/server.mjs), which serves them on
// the Node response, and so is the Content-Security-Policy of every answer. The prerendered shop pages follow the database's catalogue (lib/shop/catalogue-watch).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ database, databaseKind }, { registerNodeTransport }, { watchCatalogue }, { registerSecurityHeaders }] = await Promise.all([
    import('./lib/db'),
    import('./lib/chat/node-stream'),
    import('./lib/shop/catalogue-watch'),
    import('./lib/security/node-headers'),
  ]);
  registerNodeTransport();
  registerSecurityHeaders();
  watchCatalogue();
  try {
    await database();
    console.log(`database: ${await databaseKind()} ready`);
  } catch (error) {
    console.error(`database: not ready yet (${(error as Error).message}); retrying on the next request`);
  }
}
