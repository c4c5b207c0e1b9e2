/** @jest-environment node */
// A newcomer's path: the README stands alone, npm ci runs no unreviewed install script (and prints no
// warning about one), and npm start rebuilds whenever anything the build reads has changed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { sourceStamp } from '../../scripts/build-if-needed.mjs';

const root = process.cwd();
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the README', () => {
  const readme = read('README.md');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z]+:/.test(target));
  const paths = [...readme.matchAll(/`((?:\.\.?\/)?(?:[\w.[\]-]+\/)+[\w.[\]-]*)`/g)].map(([, path]) => path);

  it('links only to documents inside the repository, and they exist', () => {
    expect(links.length).toBeGreaterThan(2);
    for (const target of links) {
      expect(resolve(root, target).startsWith(root + '/')).toBe(true);
      expect(existsSync(join(root, target))).toBe(true);
    }
  });

  it('names no file outside the repository', () => {
    expect(paths.filter((path) => path.startsWith('../'))).toEqual([]);
    expect(readme).not.toMatch(/\.\.\/shared|seed\/000_/);
  });
});

describe('npm ci', () => {
  it('has every dependency with an install script reviewed, so no warning lists them and none runs unasked', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const reviewed =
      (JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in reviewed))).toEqual([]);
    // re2 (firebase-tools' hosting server, unused by the Auth emulator) is never compiled.
    expect(reviewed.re2).toBe(false);
  });
});

describe('npm start’s build check', () => {
  function project() {
    const dir = mkdtempSync(join(tmpdir(), 'stamp-'));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    write('.gitignore', '.data/\n');
    write('instrumentation.ts', 'export function register() {}\n');
    write('lib/a.ts', 'export const a = 1;\n');
    write('tests/a.test.ts', 'it("x", () => {});\n');
    write('README.md', '# Project\n');
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '-A'], { cwd: dir });
    return { dir, write };
  }

  it('sees a change to any file the build reads, tracked or new', () => {
    const { dir, write } = project();
    const before = sourceStamp(dir);
    expect(sourceStamp(dir)).toBe(before);
    write('instrumentation.ts', 'export function register() { console.log(1); }\n');
    const changed = sourceStamp(dir);
    expect(changed).not.toBe(before);
    write('lib/new-module.ts', 'export const b = 2;\n');
    expect(sourceStamp(dir)).not.toBe(changed);
  });

  it('ignores what the build never reads: tests, documentation, ignored files', () => {
    const { dir, write } = project();
    const before = sourceStamp(dir);
    write('tests/a.test.ts', 'it("y", () => {});\n');
    write('README.md', '# Project, described\n');
    write('.data/pglite/file', 'data');
    expect(sourceStamp(dir)).toBe(before);
  });
});
