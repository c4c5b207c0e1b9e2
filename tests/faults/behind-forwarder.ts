// A production instance of the app on a database of its own, which it reaches through a forwarder that
// the test stops, hangs, slows or cuts (tests/faults/forwarder.ts). Registers the file's beforeAll and
// afterAll; the parts are there once beforeAll ran. `tidyUp` runs at the end, before the instance stops
// and with the forwarder forwarding again, whether the tests passed or not. `startsAs`: the forwarder is
// cut or hung before the instance starts (a fresh instance whose database is gone, or does not answer).
import { startForwarder } from './forwarder';
import { instances, type Server } from '../instances/instances';
import { ownDatabase } from '../support/pg';

export type BehindForwarder = {
  database: Awaited<ReturnType<typeof ownDatabase>>;
  forwarder: Awaited<ReturnType<typeof startForwarder>>;
  app: Server;
};

type Options = {
  env?: Record<string, string>;
  tidyUp?: (parts: BehindForwarder) => Promise<void>;
  startsAs?: 'cut' | 'hung';
};

export function instanceBehindForwarder(label: string, { env = {}, tidyUp, startsAs }: Options = {}): BehindForwarder {
  const servers = instances();
  const parts = {} as BehindForwarder;
  beforeAll(async () => {
    parts.database = await ownDatabase(label.replace(/\W+/g, '_'));
    const target = new URL(parts.database.url);
    parts.forwarder = await startForwarder({ host: target.hostname, port: Number(target.port) });
    if (startsAs === 'cut') await parts.forwarder.cut();
    if (startsAs === 'hung') parts.forwarder.hang();
    parts.app = await servers.start(label, {
      databaseUrl: parts.database.at(parts.forwarder.port),
      env,
      // The health check answers 503 without the database; the build id is there as soon as the server is.
      readyPath: startsAs ? '/builds/latest.json' : undefined,
    });
  });
  afterAll(async () => {
    if (parts.app && tidyUp) {
      await parts.forwarder.reset();
      await tidyUp(parts);
    }
    await servers.stopAll();
    await parts.forwarder?.stop();
    await parts.database?.drop();
  });
  return parts;
}
