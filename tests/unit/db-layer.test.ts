/** @jest-environment node */
// lib/db/ is the ground floor: the domains import it, it imports none of them (nor pages or components),
// so that a domain's change never reaches the database layer and no circle goes through it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = process.cwd();
const layer = join(root, 'lib', 'db');
/** What lib/db/ may import of the project besides itself: the settings, which import nothing of the project. */
const ALLOWED = ['lib/env'];

/** The project's modules a file imports (statically, dynamically or re-exported), as paths from the root. */
function projectImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('@/') || name.startsWith('.'))
    .map((name) => (name.startsWith('@/') ? name.slice(2) : relative(root, resolve(dirname(file), name))));
}

describe('the database layer', () => {
  it('imports nothing of the project outside lib/db/ but the settings', () => {
    const files = readdirSync(layer, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(?:ts|tsx|mjs|js)$/.test(name))
      .map((name) => join(layer, name));
    expect(files.length).toBeGreaterThan(10);
    const upward = files.flatMap((file) =>
      projectImports(file)
        .filter((target) => !target.startsWith('lib/db/') && target !== 'lib/db' && !ALLOWED.includes(target))
        .map((target) => `${relative(root, file)} → ${target}`),
    );
    expect(upward).toEqual([]);
  });
});
