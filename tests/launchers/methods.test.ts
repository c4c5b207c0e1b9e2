/** @jest-environment node */
// Every HTTP method gets an answer from npm start's server, never a 500 and never an error in its log: a
// sweep over the pages, the JSON API's handlers (found on disk, like the security suite's), the build's
// files, the public files and the images.
import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative, sep } from 'node:path';
import { root, startNext, type StartedServer } from '../../bench/lib/servers.mjs';

jest.setTimeout(600_000);

const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND', 'CONNECT'];

function files(dir: string, accept: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, accept);
    return accept(name) ? [path] : [];
  });
}

/** A folder's route files as paths, every [param] filled in. */
function routesOf(dir: string, file: string, prefix: string) {
  return files(dir, (name) => name === file).map(
    (path) =>
      `${prefix}/${relative(dir, path)
        .split(sep)
        .slice(0, -1)
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .join('/')}`
        .replace(/\[\.\.\.\w+\]/, 'a/b')
        .replace(/\[\w+\]/g, 'x')
        .replace(/\/$/, '') || '/',
  );
}

/** A raw request (fetch refuses TRACE and CONNECT). */
function send(origin: string, method: string, path: string): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: method === 'CONNECT' ? `${url.hostname}:${url.port}` : url.pathname,
        headers: { origin },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow }));
      },
    );
    req.on('connect', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode!, allow: res.headers.allow });
    });
    req.on('error', reject);
    req.end();
  });
}

let app: StartedServer;
beforeAll(async () => {
  app = await startNext({ label: 'npm start', dir: root, readyPath: '/api/health', viaStartScript: true });
});
afterAll(() => app.stop());

it('answers every method on every kind of address, and logs nothing', async () => {
  const pages = [...new Set(routesOf(join(root, 'app', '[locale]'), 'page.tsx', ''))].flatMap((path) => [
    path,
    `/de${path === '/' ? '' : path}`,
  ]);
  const api = routesOf(join(root, 'app', 'api'), 'route.ts', '/api');
  const page = await (await fetch(`${app.origin}/login`)).text();
  const chunk = /\/_next\/static\/[^"]+\.js/.exec(page)![0];
  const paths = [
    ...pages,
    ...api,
    chunk,
    '/embed.js',
    '/embed/x/launcher',
    '/icon.svg',
    '/og/en.png',
    '/en-sitemap.xml',
    '/robots.txt',
    '/builds/latest.json',
    '/favicon.ico',
  ];
  expect(api.length).toBeGreaterThanOrEqual(20);
  expect(pages.length).toBeGreaterThanOrEqual(30);

  const seen: string[] = [];
  for (const path of paths) {
    for (const method of METHODS) {
      const { status, allow } = await send(app.origin, method, path);
      seen.push(`${method} ${path} ${status}`);
      expect([method, path, status >= 500]).toEqual([method, path, false]);
      if (status === 405) expect([method, path, allow]).toEqual([method, path, expect.stringContaining('OPTIONS')]);
      if (method === 'OPTIONS') expect([path, status, allow]).toEqual([path, 204, expect.stringContaining('OPTIONS')]);
    }
  }
  // Methods nothing takes are refused with 405, on pages and files as on the API.
  expect(seen).toEqual(
    expect.arrayContaining([
      'TRACE /login 405',
      'TRACE /api/health 405',
      `POST ${chunk} 405`,
      'DELETE / 405',
      'POST /api/health 405',
    ]),
  );
  expect(app.log()).not.toMatch(/TypeError|⨯|Error:/);
});

it('answers a method no HTTP server knows with 501', async () => {
  const { connect } = await import('node:net');
  const url = new URL(app.origin);
  const status = await new Promise<string>((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.write('FROB / HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    );
    socket.once('data', (data) => {
      resolve(data.toString().split('\r\n')[0]);
      socket.destroy();
    });
  });
  expect(status).toBe('HTTP/1.1 501 Not Implemented');
});

it('keeps an idle connection open longer than a proxy in front keeps its own', async () => {
  const { Agent } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
      const req = request(`${app.origin}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode!, keepAlive: String(res.headers['keep-alive']), reused: req.reusedSocket }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  expect(await get()).toEqual({ status: 200, keepAlive: 'timeout=65', reused: false });
  // Past Node's default of 5 s, the same socket still takes a request.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(await get()).toEqual({ status: 200, keepAlive: 'timeout=65', reused: true });
  agent.destroy();
});
