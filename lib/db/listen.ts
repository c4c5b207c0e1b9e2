import 'server-only';

/** What a listener hears: each NOTIFY payload, and `resync` whenever notifications may have been missed. */
export type ListenHandlers = { notify: (payload: string) => void; resync: () => void };
export type StopListening = () => Promise<void>;

const PING_MS = 30_000;
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to other queries). A
 * dropped connection, noticed by its error or by a ping that fails, is replaced with growing pauses;
 * each (re)connection calls `resync`, since notifications sent meanwhile are lost.
 */
export async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<StopListening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const { Client } = await import('pg');
  let stopped = false;
  let current: InstanceType<typeof Client> | null = null;
  let retryMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      query_timeout: 10_000,
      keepAlive: true,
      application_name: 'chatwidget-shop-listen',
    });
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      if (current === client) current = null;
      clearInterval(pingTimer);
      client.end().catch(() => {});
      if (stopped) return;
      console.error(`database: listener connection lost (${error.message}); reconnecting`);
      scheduleConnect();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    // A notification may be parsed before the LISTEN's answer resumes this function: the listener resyncs
    // first, since one may act on a notification as the next after the last it heard.
    let resynced = false;
    const resync = () => {
      if (!resynced) handlers.resync();
      resynced = true;
    };
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      resync();
      handlers.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      fail(error as Error);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = 250;
    pingTimer = setInterval(() => client.query('select 1').catch((error: Error) => fail(error)), PING_MS);
    pingTimer.unref();
    resync();
  };

  const scheduleConnect = () => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => connect().catch(() => {}), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  // The first connection may fail (database down at start): keep trying in the background.
  await connect().catch(() => {});

  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
