/** @jest-environment node */
// npm start's server keeps V8's young generation at Node 20's size on the Node that runs the tests:
// Node 24 would grow it to 128 MB on this machine, about 100 MB of the server's RSS under load.
import { execFileSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

// Many short-lived objects and some that survive a few scavenges: the load under which V8 grows the young
// generation to its maximum.
const churn = `
  const keep = [];
  for (let i = 0; i < 3e6; i++) {
    keep.push({ i, s: 'x' + i });
    if (keep.length > 2e5) keep.splice(0, 1e5);
  }
  const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  console.log(space.space_size);
`;

it('holds the young generation to two 16 MB semi-spaces under churn', () => {
  const bytes = Number(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', churn], { encoding: 'utf8' }));
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
});
