/** @jest-environment node */
// A machine without Debian's Chromium runs the browser tests on the one `npm ci` installs
// (@sparticuz/chromium, unpacked from the package itself, offline); CHROMIUM_PATH and Debian's come first.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM, chromiumPath } from '../../scripts/chromium.cjs';

jest.setTimeout(120_000);

const root = process.cwd();
const saved = { path: process.env.CHROMIUM_PATH, ignore: process.env.CHROMIUM_IGNORE_SYSTEM };

afterEach(() => {
  for (const [name, value] of [
    ['CHROMIUM_PATH', saved.path],
    ['CHROMIUM_IGNORE_SYSTEM', saved.ignore],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('the Chromium of the browser tests', () => {
  it('is CHROMIUM_PATH when set, else Debian’s when installed', () => {
    process.env.CHROMIUM_PATH = '/opt/some/chromium';
    expect(chromiumPath()).toBe('/opt/some/chromium');
    delete process.env.CHROMIUM_PATH;
    delete process.env.CHROMIUM_IGNORE_SYSTEM;
    if (existsSync(DEBIAN_CHROMIUM)) expect(chromiumPath()).toBe(DEBIAN_CHROMIUM);
    else expect(chromiumPath()).toMatch(/node_modules\/\.cache\/chromium\//);
  });

  describe('without Debian’s', () => {
    let server: Server;
    let origin: string;

    beforeAll(async () => {
      server = createServer((_, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><html lang="de"><title>Grüße</title><h1>Schöne Grüße aus Köln</h1></html>');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('launches the Chromium that npm installed and renders a page with it', async () => {
      delete process.env.CHROMIUM_PATH;
      process.env.CHROMIUM_IGNORE_SYSTEM = '1';
      const path = chromiumPath();
      expect(path).not.toBe(DEBIAN_CHROMIUM);
      expect(path.startsWith(join(root, 'node_modules', '.cache', 'chromium'))).toBe(true);

      const browser = await chromium.launch({ executablePath: path, args: CHROMIUM_ARGS });
      try {
        expect(browser.version()).toMatch(/^153\./);
        const page = await browser.newPage();
        await page.goto(origin);
        await expect(page.title()).resolves.toBe('Grüße');
        const heading = page.getByRole('heading', { name: 'Schöne Grüße aus Köln' });
        // Glyphs were drawn: a font was found (the system's, or the one shipped beside the browser).
        const box = await heading.boundingBox();
        expect(box?.width).toBeGreaterThan(100);
      } finally {
        await browser.close();
      }
    });

    it('is unpacked from the package alone, once, when several processes ask for it at the same time', async () => {
      const cache = mkdtempSync(join(tmpdir(), 'chromium-cache-'));
      try {
        const resolve = `console.log(require(${JSON.stringify(join(root, 'scripts', 'chromium.cjs'))}).bundledChromium(process.argv[1]))`;
        const run = promisify(execFile);
        const answers = await Promise.all([1, 2].map(() => run(process.execPath, ['-e', resolve, cache])));
        const [first, second] = answers.map(({ stdout }) => stdout.trim());
        expect(second).toBe(first);
        expect(readdirSync(cache)).toEqual(['153.0.0']);
        expect(execFileSync(first, ['--version'], { encoding: 'utf8' })).toMatch(/^Chromium 153\./);
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    });
  });
});
