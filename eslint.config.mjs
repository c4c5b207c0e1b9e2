import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import { readdirSync } from 'node:fs';

// The layers of lib/, bottom to top, written down once: a room may import its own layer's generic rooms and
// anything below, never above. In a domain layer (`siblings: false`) the rooms do not import each other
// either, so no two domains can form a cycle. Generic layers name no domain: domains register with them
// (instrumentation.ts hands lib/realtime the event-stream routes). tests/unit/layers.test.ts checks the rules.
const LAYERS = [
  // Ground floor: settings, the database and its schema, words and paths, pure helpers, and the private APIs
  // they wrap (server/private/).
  {
    siblings: true,
    rooms: [
      'lib/env.ts',
      'lib/env-fields.ts',
      'lib/env-seller.ts',
      'lib/env-stripe.ts',
      'lib/db',
      'lib/i18n',
      'lib/html.ts',
      'lib/cn.ts',
      'lib/money.ts',
      'lib/head-script.ts',
      'lib/legal',
      'lib/route-rules.ts',
      'lib/route-rules.config.ts',
      'lib/toast',
      'server/private',
    ],
  },
  // Generic layers: API answers and errors, error pages, security headers, limits, event streams, and npm
  // start's serving edge (server/). They know no domain.
  {
    siblings: true,
    rooms: ['lib/api', 'lib/errors', 'lib/security', 'lib/limits', 'lib/realtime', 'server'],
  },
  // Identity, then the session it proves, then the guards and flows that use both.
  { siblings: false, rooms: ['lib/firebase'] },
  { siblings: false, rooms: ['lib/session'] },
  { siblings: false, rooms: ['lib/auth'] },
  // Services the products use: mail (its own templates) and the payment providers (Stripe's API, cards).
  { siblings: false, rooms: ['lib/mail', 'lib/payments'] },
  // The products, each on its own: the shop (orders, its checkout), tickets, feedback, the public chat, the
  // account and its dashboard.
  {
    siblings: false,
    rooms: [
      'lib/shop',
      'lib/tickets',
      'lib/feedback',
      'lib/chat',
      'lib/account',
      'lib/avatar',
      'lib/settings',
      'lib/dashboard',
    ],
  },
  // Billing: what a workspace's plan unlocks and its subscription (owner checks at its own data), which the
  // workspaces, widgets and conversations enforce.
  { siblings: false, rooms: ['lib/billing'] },
  // Workspaces hold widgets and their conversations: who is a member, with which role (the scoping of both).
  { siblings: false, rooms: ['lib/workspaces'] },
  // Widgets are sold by the shop; conversations happen in widgets and reuse the chat's pieces.
  { siblings: false, rooms: ['lib/widgets'] },
  { siblings: false, rooms: ['lib/conversations'] },
  // Saved replies: a workspace's prepared answers, which its members insert in the inbox.
  { siblings: false, rooms: ['lib/replies'] },
  // Reports: figures of a workspace's conversations over a period, their drill-down and CSV export.
  { siblings: false, rooms: ['lib/reports'] },
  // The storefront's view of the plans (prices per interval, gross and net, where buying one leads): it reads
  // the plans' table of lib/billing and the shop's paths, and serves the shop's pages and their markup.
  { siblings: false, rooms: ['lib/storefront'] },
  // Read across the products: search engines' view and the health check.
  { siblings: false, rooms: ['lib/seo', 'lib/health.ts'] },
  // The browser's glue for components (session and sign-in flows, API errors as toasts).
  { siblings: false, rooms: ['lib/client'] },
  // React: components, then the pages and handlers that compose them.
  { siblings: true, rooms: ['components'] },
  { siblings: true, rooms: ['app', 'proxy.ts', 'instrumentation.ts'] },
];

// A new room of lib/ takes its place in LAYERS before the lint runs: unplaced, nothing would check it.
const placed = new Set(LAYERS.flatMap(({ rooms }) => rooms));
for (const entry of readdirSync(new URL('./lib', import.meta.url)))
  if (!placed.has(`lib/${entry}`))
    throw new Error(`lib/${entry} is in no layer: place it in LAYERS (eslint.config.mjs).`);

// One zone per room and forbidden room; a room nested in a forbidden one (server/private in server) stays allowed.
const layerZones = LAYERS.flatMap((layer, at) =>
  layer.rooms.flatMap((room) => {
    const siblings = layer.siblings ? [] : layer.rooms.filter((other) => other !== room);
    const forbidden = [...LAYERS.slice(at + 1).flatMap(({ rooms }) => rooms), ...siblings];
    const allowed = LAYERS.flatMap(({ rooms }) => rooms).filter((other) => !forbidden.includes(other));
    return forbidden.map((other) => ({
      target: `./${room}`,
      from: `./${other}`,
      except: allowed
        .filter((inner) => inner.startsWith(`${other}/`))
        .map((inner) => `./${inner.slice(other.length + 1)}`),
      message: `${room} imports downward only (the layers in eslint.config.mjs, docs/architecture.md).`,
    }));
  }),
);

// The conversations' two faces, the visitor's (the widget's API) and the inbox's (the operators'), import the
// core beside them (lib/conversations/*.ts) and never each other: what both need belongs to the core.
const FACES = ['lib/conversations/visitor', 'lib/conversations/inbox'];
const faceZones = FACES.flatMap((face) =>
  FACES.filter((other) => other !== face).map((other) => ({
    target: `./${face}`,
    from: `./${other}`,
    message: `${face} and ${other} share only the core, lib/conversations/*.ts (docs/architecture.md).`,
  })),
);

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Leaving out a property by destructuring it (`{ secret: _secret, ...rest }`) is deliberate.
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' },
      ],
      // Prettier wraps code at 120 columns; comments are wrapped by hand. A string (a class list, a
      // message, a URL) stays whole on its line.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    // No source file past 300 lines, every line counted: a longer one is split along what it does.
    // Tests, migrations (drizzle/) and generated files are exempt.
    files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: ['tests/**', 'drizzle/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Private APIs (Next's `next/dist/*` modules and `__NEXT_PRIVATE_*` variables, PGlite's underscore members)
    // only in their room, server/, where each use has a contract test pinned to the installed version
    // (tests/unit/contracts/). Tests may reach into them to check a behaviour.
    files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: ['server/**', 'tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['next/dist/*'],
              message: 'A private module of Next: use a public API, or add it to server/private/next.ts with a test.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // One underscore: PGlite's private members; `__NEXT…`: Next's private variables. (`globalThis.__name`
          // holders are the app's own.)
          selector: 'MemberExpression[property.name=/^_[^_]|^__NEXT/]',
          message: 'A private member (PGlite, Next): only in server/ (e.g. server/private/pglite.mjs), with a test.',
        },
      ],
    },
  },
  {
    // The layers above (LAYERS): no import from a higher layer, nor between two rooms of a domain layer. The files
    // are those next's config gives the import plugin (CommonJS scripts are outside lib/'s layers).
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...layerZones, ...faceZones] }] },
  },
  {
    // CommonJS is chosen where it is needed (scripts/chromium.cjs says why): require() is its import.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'bench/baseline-next/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
];

export default config;
