/** @jest-environment node */
// lib/db/ is the ground floor: the domains import it, it imports none of them (nor pages or components),
// so that a domain's change never reaches the database layer and no circle goes through it. Its schema's
// vocabulary is shared with the browser, whose bundles must not get Drizzle with it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = process.cwd();
/**
 * What lib/db/ may import of the project besides itself, each importing nothing of the project: the settings,
 * and the one room for PGlite's private members (server/private, pinned by tests/unit/contracts).
 */
const ALLOWED = ['lib/env', 'server/private/pglite.mjs'];

const sources = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(?:ts|tsx|mjs|js)$/.test(name))
    .map((name) => join(root, dir, name));

/** The project's modules a file imports (statically, dynamically or re-exported), as paths from the root. */
function projectImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('@/') || name.startsWith('.'))
    .map((name) => (name.startsWith('@/') ? name.slice(2) : relative(root, resolve(dirname(file), name))));
}

/** The modules whose code a file brings along: its imports, without those of types only (compiled away). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause?.isTypeOnly ||
        (!clause?.name && bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The project's module a specifier names; null for a package, or a file of data (JSON, CSS). */
function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('@/') && !specifier.startsWith('.')) return null;
  const base = specifier.startsWith('@/') ? join(root, specifier.slice(2)) : resolve(dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].map((end) => base + end).find(isFile);
  return found && /\.(?:ts|tsx|mjs|js)$/.test(found) ? found : null;
}

describe('the database layer', () => {
  it('imports nothing of the project outside lib/db/ but the settings', () => {
    const files = sources('lib/db');
    expect(files.length).toBeGreaterThan(10);
    const upward = files.flatMap((file) =>
      projectImports(file)
        .filter((target) => !target.startsWith('lib/db/') && target !== 'lib/db' && !ALLOWED.includes(target))
        .map((target) => `${relative(root, file)} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  /** Each chain from a client module to a package matching `banned`, along the imports that bring code. */
  function clientChainsTo(banned: RegExp): string[] {
    const clientModules = ['app', 'components', 'lib']
      .flatMap(sources)
      .filter((file) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8')));
    expect(clientModules.length).toBeGreaterThan(10);
    const chains: string[] = [];
    const seen = new Set<string>();
    const walk = (file: string, path: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        if (banned.test(specifier)) chains.push([...path, specifier].join(' → '));
        const next = resolveModule(file, specifier);
        if (next) walk(next, [...path, relative(root, next)]);
      }
    };
    for (const file of clientModules) walk(file, [relative(root, file)]);
    return chains;
  }

  it('stays out of the browser: no client module brings Drizzle along, however indirectly', () => {
    expect(clientChainsTo(/^drizzle-orm(?:\/|$)/)).toEqual([]);
  });

  // Building a zod schema in a browser runs its JIT probe (`new Function`), which the strict CSP reports as
  // an eval violation on the page: the server validates, the forms share only plain limits (e.g. limits.ts).
  it('keeps zod out of the browser too: its schemas are built on the server only', () => {
    expect(clientChainsTo(/^zod(?:\/|$)/)).toEqual([]);
  });
});
