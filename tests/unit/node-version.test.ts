/** @jest-environment node */
// The Node versions: package.json declares the LTS lines 22 and 24, CI runs on versions within them, and
// Node 20 (end of life 2026-04-30) still starts with a warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_NODE, unsupportedNodeWarning } from '../../scripts/node-version.mjs';

const read = (file: string) => readFileSync(join(process.cwd(), file), 'utf8');

describe('the supported Node versions', () => {
  it('are Node 22 and 24, so Node 20 gets a warning and those two none', () => {
    expect(SUPPORTED_NODE).toBe(JSON.parse(read('package.json')).engines.node);
    expect(unsupportedNodeWarning('20.20.2')).toMatch(/^Node 20\.20\.2 is not supported .*Use Node 24/);
    expect(unsupportedNodeWarning('22.12.0')).not.toBeNull();
    for (const version of ['22.17.0', '22.23.3', '24.0.0', '24.21.0'])
      expect(unsupportedNodeWarning(version)).toBeNull();
  });

  it('are the ones CI runs: Node 24 for the whole suite (.nvmrc), Node 22 for a second pass', () => {
    const ci = read('.ci/run');
    const pinned = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(ci)?.[1] ?? '';
    expect(read('.nvmrc').trim()).toBe('24');
    expect(pinned('NODE_24')).toMatch(/^24\.\d+\.\d+$/);
    expect(pinned('NODE_22')).toMatch(/^22\.\d+\.\d+$/);
    for (const version of [pinned('NODE_24'), pinned('NODE_22')]) expect(unsupportedNodeWarning(version)).toBeNull();
    expect(ci).toMatch(/TEST_SECOND_NODE=.*NODE_22/);
  });
});
