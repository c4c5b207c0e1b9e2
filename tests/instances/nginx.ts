// Debian's nginx in front of a test's instances, configured as deploy/nginx.conf deploys it: its
// `upstream plauder` (with the test's ports) and deploy/plauder-locations.conf as the server block. It runs
// as the current user under a folder of its own (never the system's service), on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const deploy = join(__dirname, '..', '..', 'deploy');

/** One line of the access log: the client's address as nginx saw it, and the instance that answered. */
export type Logged = { client: string; instance: string; status: number; request: string };

export type Nginx = {
  origin: string;
  /** The requests nginx logged so far, oldest first. */
  log: () => Logged[];
  stop: () => Promise<void>;
};

/** The nginx binary on PATH or in /usr/sbin; a clear failure where it is missing. */
export function nginxBinary(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'].filter(Boolean);
  for (const dir of dirs) {
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // Not there.
    }
  }
  throw new Error(
    "nginx is missing: the production topology test runs Debian's nginx (`apt-get install nginx`; `.ci/run` installs it).",
  );
}

/** deploy/nginx.conf's upstream block, its example instances replaced by the given ports. */
export function upstreamFor(ports: number[]): string {
  const site = readFileSync(join(deploy, 'nginx.conf'), 'utf8');
  const block = /^upstream plauder \{[\s\S]*?^\}/m.exec(site)?.[0];
  if (!block) throw new Error('deploy/nginx.conf has no `upstream plauder { … }` block');
  const servers = ports.map((port) => `    server 127.0.0.1:${port};\n`).join('');
  let placed = false;
  const rendered = block.replace(/^ *server 127\.0\.0\.1:\d+;\n/gm, () => (placed ? '' : ((placed = true), servers)));
  if (!placed) throw new Error('deploy/nginx.conf names no instance as `server 127.0.0.1:<port>;`');
  return rendered;
}

export async function startNginx({ port, instancePorts }: { port: number; instancePorts: number[] }): Promise<Nginx> {
  const binary = nginxBinary();
  const dir = mkdtempSync(join(tmpdir(), 'plauder-nginx-'));
  // As root (CI), nginx's workers run as `nobody`: they write request bodies under temp/.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'temp'));
  writeFileSync(join(dir, 'upstream.conf'), upstreamFor(instancePorts));
  // The main context of a Debian install (whose nginx.conf turns gzip on) with this folder's paths: the
  // compiled-in temporary folders and logs are root's.
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
events { worker_connections 256; }
http {
    client_body_temp_path temp/body;
    proxy_temp_path temp/proxy;
    fastcgi_temp_path temp/fastcgi;
    uwsgi_temp_path temp/uwsgi;
    scgi_temp_path temp/scgi;
    gzip on;
    log_format topology '$remote_addr|$upstream_addr|$status|$request';
    access_log ${join(dir, 'access.log')} topology;
    include ${join(dir, 'upstream.conf')};
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
        include ${join(deploy, 'plauder-locations.conf')};
    }
}
`,
  );
  const errorLog = join(dir, 'error.log');
  const child: ChildProcess = spawn(
    binary,
    [
      '-p',
      `${dir}/`,
      '-c',
      join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${errorLog};`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  const read = (file: string) => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${output}${read('error.log')}`);
    const answered = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) })
      .then((response) => response.arrayBuffer().then(() => response.ok))
      .catch(() => false);
    if (answered) break;
    if (Date.now() > deadline) {
      kill();
      throw new Error(`nginx did not answer ${origin}/api/health in time:\n${output}${read('error.log')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    log: () =>
      read('access.log')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [client, instance, status, request] = line.split('|');
          return { client, instance, status: Number(status), request };
        }),
    async stop() {
      process.off('exit', kill);
      // Fast shutdown: open event streams end at once.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
