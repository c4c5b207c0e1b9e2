// The identity provider failing the way a hung service does: a stand-in in front of the tests' Auth emulator
// that, once told to, accepts the server's requests (firebase-admin's, under /v1/projects/) and never answers
// them; the browser's requests (the Firebase JS SDK's) still pass.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const ADMIN_PATH = /^\/identitytoolkit\.googleapis\.com\/v\d+\/projects\//;

export async function startSilentProvider(emulatorHost: string) {
  const [host, port] = emulatorHost.split(':');
  let silent = false;
  const held = new Set<Socket>();

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      { host, port: Number(port), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };

  const server = createServer((req, res) => {
    if (!silent || !ADMIN_PATH.test(req.url ?? '')) return forward(req, res);
    // Read and never answered; the connection stays open until the client gives up on it.
    req.resume();
    held.add(req.socket);
    req.socket.once('close', () => held.delete(req.socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    /** host:port for FIREBASE_AUTH_EMULATOR_HOST. */
    host: `127.0.0.1:${(server.address() as { port: number }).port}`,
    /** Connections with a request that was never answered and that the client has not closed. */
    get held() {
      return held.size;
    },
    /** From now on the server's requests get no answer. */
    silence() {
      silent = true;
    },
    /** Answers again; connections still held are dropped. */
    release() {
      silent = false;
      for (const socket of held) socket.destroy();
    },
    async stop() {
      this.release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What `work` answers, or a failure once `ms` passed without it: a hung request fails the test, not stalls it. */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
