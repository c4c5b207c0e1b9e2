/**
 * @jest-environment node
 */
// The lint keeps lib/'s layers (LAYERS in eslint.config.mjs): a room imports downward only, and two domains
// of one layer never import each other.
import { spawnSync } from 'node:child_process';

type Probe = { filePath: string; code: string };

// ESLint runs in a process of its own (Jest's module system cannot load the flat config), once for all probes.
const LINT = `
const { ESLint } = await import('eslint');
const eslint = new ESLint();
const probes = JSON.parse(process.argv[1]);
const results = [];
for (const { filePath, code } of probes) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push(result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId));
}
console.log(JSON.stringify(results));
`;

function refusals(probes: Probe[]): string[][] {
  const { stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', LINT, JSON.stringify(probes)], {
    encoding: 'utf8',
  });
  if (!stdout) throw new Error(stderr);
  return JSON.parse(stdout) as string[][];
}

const LAYER_RULE = 'import/no-restricted-paths';

describe('the layers of lib/', () => {
  it('refuses an upward import, a domain cycle and lib importing components, and lets downward ones pass', () => {
    const [database, realtime, dynamic, cycle, siblings, components, downward] = refusals([
      // The ground floor importing a domain.
      { filePath: 'lib/db/probe.ts', code: "export { catalogue } from '@/lib/shop/catalogue';\n" },
      // A generic layer naming its users.
      { filePath: 'lib/realtime/probe.ts', code: "export { chatEventsRoute } from '@/lib/chat/node-stream';\n" },
      {
        filePath: 'lib/realtime/probe.ts',
        code: "export const routes = () => import('@/lib/conversations/node-routes');\n",
      },
      // The shop sends mail: mail importing the shop would close a cycle.
      { filePath: 'lib/mail/probe.ts', code: "export { catalogue } from '@/lib/shop/catalogue';\n" },
      // Two products of one layer.
      { filePath: 'lib/tickets/probe.ts', code: "export { catalogue } from '@/lib/shop/catalogue';\n" },
      // lib/ under components/.
      { filePath: 'lib/i18n/probe.ts', code: "export { IntentLink } from '@/components/ui/intent-link';\n" },
      {
        filePath: 'lib/shop/probe.ts',
        code: "export { sendMail } from '@/lib/mail';\nexport { database } from '@/lib/db';\n",
      },
    ]);
    expect(database).toEqual([LAYER_RULE]);
    expect(realtime).toEqual([LAYER_RULE]);
    expect(dynamic).toEqual([LAYER_RULE]);
    expect(cycle).toEqual([LAYER_RULE]);
    expect(siblings).toEqual([LAYER_RULE]);
    expect(components).toEqual([LAYER_RULE]);
    expect(downward).toEqual([]);
  }, 60_000);

  it('keeps the two faces of the conversations apart, both on the core', () => {
    const [visitorToInbox, inboxToVisitor, visitorToCore, inboxToCore] = refusals([
      {
        filePath: 'lib/conversations/visitor/probe.ts',
        code: "export { listInbox } from '@/lib/conversations/inbox/inbox';\n",
      },
      { filePath: 'lib/conversations/inbox/probe.ts', code: "export { requireVisitor } from '../visitor/visitors';\n" },
      { filePath: 'lib/conversations/visitor/probe.ts', code: "export { appendMessage } from '../log';\n" },
      {
        filePath: 'lib/conversations/inbox/probe.ts',
        code: "export { autoAssign } from '@/lib/conversations/assignment';\n",
      },
    ]);
    expect(visitorToInbox).toEqual([LAYER_RULE]);
    expect(inboxToVisitor).toEqual([LAYER_RULE]);
    expect(visitorToCore).toEqual([]);
    expect(inboxToCore).toEqual([]);
  }, 60_000);
});
