/** @jest-environment node */
// The schema and the migrations agree: drizzle-kit, reading the schema that drizzle.config.ts names, has
// nothing to generate. A table changed without `npm run db:generate` fails here, in CI too.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import config from '../../drizzle.config';

const root = process.cwd();

const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

describe('migrations', () => {
  it('are complete: drizzle-kit generates none from the schema', () => {
    // drizzle-kit writes into a copy of drizzle/, as `npm run db:generate` would into the real one.
    const scratch = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      const out = join(scratch, 'drizzle');
      cpSync(join(root, config.out ?? 'drizzle'), out, { recursive: true });
      const configFile = join(scratch, 'drizzle.config.json');
      // drizzle-kit reads `out` relative to the working directory, even an absolute path.
      writeFileSync(
        configFile,
        JSON.stringify({ dialect: config.dialect, schema: config.schema, out: relative(root, out) }),
      );
      const generated = spawnSync(
        process.execPath,
        [join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'), 'generate', '--config', configFile],
        // No terminal: a question (a renamed column?) ends the run instead of waiting for an answer.
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 },
      );
      // Its error output is shown when it fails.
      expect({ status: generated.status, stderr: generated.stderr }).toMatchObject({ status: 0 });
      // New files here are the migration the change needs: run `npm run db:generate`.
      expect(files(out)).toEqual(files(join(root, 'drizzle')));
      expect(generated.stdout).toContain('No schema changes, nothing to migrate');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
