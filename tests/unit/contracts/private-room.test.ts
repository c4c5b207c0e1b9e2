/**
 * @jest-environment node
 */
// The lint keeps Next's and PGlite's private APIs in their room (server/), where tests/unit/contracts/ pins them.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const PRIVATE_USES = [
  "import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';",
  'export const tag = NEXT_CACHE_IMPLICIT_TAG_ID;',
  'export const ready = (client: { _checkReady(): Promise<void> }) => client._checkReady();',
  "export const config = process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ?? '';",
  '',
].join('\n');

/** The rules the project's lint breaks with PRIVATE_USES at `filePath` (in a process of its own: Jest's module
 * system cannot load the flat config). */
function refusals(filePath: string) {
  const eslint = join(process.cwd(), 'node_modules', 'eslint', 'bin', 'eslint.js');
  const { stdout } = spawnSync(
    process.execPath,
    [eslint, '--stdin', '--stdin-filename', filePath, '--format', 'json'],
    {
      input: PRIVATE_USES,
      encoding: 'utf8',
    },
  );
  const [result] = JSON.parse(stdout) as { messages: { ruleId: string; severity: number }[] }[];
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId);
}

describe('the private API room', () => {
  it('refuses a private module of Next, a private member of PGlite and a private variable of Next elsewhere', () => {
    expect(refusals('lib/db/example.ts')).toEqual([
      'no-restricted-imports',
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
  }, 60_000);

  it('allows them in server/', () => {
    expect(refusals('server/private/example.ts')).toEqual([]);
  }, 60_000);
});
