import { createConnection, createServer, type Server, type Socket } from 'node:net';

type Pair = {
  client: Socket;
  upstream: Socket | null;
  toServer: Buffer[];
  toClient: Buffer[];
  /** Its open transaction sent the marker of `loseCommitReply`: its COMMIT's answer is lost. */
  marked?: boolean;
  losing?: boolean;
};

// The COMMIT statement itself, as a simple query (`Q`, length, text) or a parsed one (`P`, length,
// unnamed, text): the word alone also matches data, such as an author's name.
const COMMIT = /[QP][\s\S]{4}\0?commit\0/i;

/**
 * A TCP forwarder on 127.0.0.1 in front of a database server, which a test can make fail the ways a
 * server or a network does: cut off (connections dropped, new ones refused, as a stopped server),
 * hung (nothing answers, connections stay open, as a server stopped with SIGSTOP), slow (every answer
 * late), with its open connections killed while new ones work, or losing the answer to a COMMIT.
 */
export async function startForwarder(target: { host: string; port: number }) {
  const pairs = new Set<Pair>();
  let server: Server | null = null;
  let port = 0;
  let hung = false;
  // Each answer of the server waits this long (ms), drawn per chunk; order is kept per connection.
  let lag: [number, number] = [0, 0];
  let commitMarker: string | null = null;

  const connectUpstream = (pair: Pair) => {
    const upstream = createConnection(target);
    pair.upstream = upstream;
    upstream.on('error', () => {});
    let lastDelivery = 0;
    upstream.on('data', (chunk) => {
      // The server has committed and answered: the answer goes nowhere, the connection drops.
      if (pair.losing) {
        pair.client.destroy();
        return void upstream.destroy();
      }
      if (hung) return void pair.toClient.push(chunk);
      const [min, max] = lag;
      if (max === 0) return void pair.client.write(chunk);
      // Not before the chunk ahead of it: a lagging server still answers in order.
      const at = Math.max(Date.now() + min + Math.random() * (max - min), lastDelivery);
      lastDelivery = at;
      setTimeout(() => pair.client.writable && pair.client.write(chunk), at - Date.now()).unref();
    });
    upstream.on('close', () => pair.client.destroy());
    for (const chunk of pair.toServer.splice(0)) upstream.write(chunk);
  };

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const pair: Pair = { client, upstream: null, toServer: [], toClient: [] };
        pairs.add(pair);
        client.on('error', () => {});
        client.on('data', (chunk) => {
          if (commitMarker && chunk.includes(commitMarker)) pair.marked = true;
          if (commitMarker && pair.marked && COMMIT.test(chunk.toString('latin1'))) {
            pair.losing = true;
            commitMarker = null;
          }
          if (hung || !pair.upstream) pair.toServer.push(chunk);
          else pair.upstream.write(chunk);
        });
        client.on('close', () => {
          pairs.delete(pair);
          pair.upstream?.destroy();
        });
        // A hung server accepts (the kernel does) but never answers.
        if (!hung) connectUpstream(pair);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });

  const dropAll = () => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    /** How many client connections are open. */
    get connections() {
      return pairs.size;
    },
    /** Drops every connection and refuses new ones (a stopped server). */
    async cut() {
      dropAll();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    /** Accepts connections again, on the same port. */
    restore: listen,
    /** Drops the open connections; new ones work (connections killed mid-query, a network blip). */
    kill: dropAll,
    /** Nothing gets through either way; connections stay open and new ones are accepted (SIGSTOP). */
    hang() {
      hung = true;
    },
    /** Everything held while hung goes on (SIGCONT). */
    resume() {
      hung = false;
      for (const pair of pairs) {
        if (!pair.upstream) connectUpstream(pair);
        else for (const chunk of pair.toServer.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    /**
     * The next transaction that sends `marker` (e.g. its INSERT's text) commits on the server, but the
     * answer to its COMMIT never arrives: the connection drops once the server has answered.
     */
    loseCommitReply(marker: string) {
      commitMarker = marker;
    },
    /** Every answer of the server arrives `min`–`max` ms late (0: on time again). */
    slow(min: number, max = min) {
      lag = [min, max];
    },
    /** Whatever was done to it, forwards normally again (a test that failed half-way tidies up). */
    async reset() {
      lag = [0, 0];
      commitMarker = null;
      this.resume();
      if (!server) await listen();
    },
    async stop() {
      hung = false;
      lag = [0, 0];
      await this.cut();
    },
  };
}
