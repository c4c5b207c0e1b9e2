import vm from 'node:vm';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// ESM-only packages that Jest has to transform.
const esm = [
  'next-intl',
  'use-intl',
  '@formatjs',
  'intl-messageformat',
  'icu-minify',
  'sonner',
  'ofetch',
  'destr',
  'ufo',
  'iron-session',
  'iron-webcrypto',
  'uncrypto',
  'cookie',
  'jose',
];

const shared = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/bench/'],
  modulePathIgnorePatterns: ['<rootDir>/.next/', '<rootDir>/bench/baseline-next/'],
};

const projects = {
  // Pure logic and components, in a browser-like environment (node where a file says so).
  unit: {
    ...shared,
    displayName: 'unit',
    testEnvironment: 'jest-fixed-jsdom',
    setupFiles: ['<rootDir>/tests/setup-env.ts'],
    setupFilesAfterEnv: ['<rootDir>/tests/setup-jest.ts'],
    testMatch: [
      '<rootDir>/tests/unit/**/*.test.ts',
      '<rootDir>/tests/unit/**/*.test.tsx',
      '<rootDir>/tests/component/**/*.test.tsx',
    ],
  },
  // The security suite: response headers, and what every route handler must refuse.
  security: {
    ...shared,
    displayName: 'security',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/security/**/*.test.ts'],
    globalSetup: '<rootDir>/tests/integration/global-setup.mjs',
    globalTeardown: '<rootDir>/tests/integration/global-teardown.mjs',
    setupFilesAfterEnv: ['<rootDir>/tests/integration/setup-database.ts'],
  },
  // Route handlers and services against real local services (the Firebase Auth emulator, PGlite or
  // the PostgreSQL of TEST_DATABASE_URL).
  integration: {
    ...shared,
    displayName: 'integration',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
    globalSetup: '<rootDir>/tests/integration/global-setup.mjs',
    globalTeardown: '<rootDir>/tests/integration/global-teardown.mjs',
    setupFilesAfterEnv: ['<rootDir>/tests/integration/setup-database.ts'],
  },
  // Faults against a real PostgreSQL (TEST_DATABASE_URL): the database goes away and comes back.
  faults: {
    ...shared,
    displayName: 'faults',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/faults/**/*.test.ts'],
    // No shared setup file: each test chooses its database address before the app's modules load.
    globalSetup: '<rootDir>/tests/integration/global-setup.mjs',
    globalTeardown: '<rootDir>/tests/integration/global-teardown.mjs',
  },
  // The production build under each launcher (after the build; scripts/test.mjs selects it then).
  launchers: {
    ...shared,
    displayName: 'launchers',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/launchers/**/*.test.ts'],
    // `next start` gets the test run's Auth emulator (npm start and npm run dev start their own).
    globalSetup: '<rootDir>/tests/integration/global-setup.mjs',
    globalTeardown: '<rootDir>/tests/integration/global-teardown.mjs',
  },
  // Several production instances of the app on one PostgreSQL (after the build; TEST_DATABASE_URL).
  instances: {
    ...shared,
    displayName: 'instances',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/instances/**/*.test.ts'],
    globalSetup: '<rootDir>/tests/integration/global-setup.mjs',
    globalTeardown: '<rootDir>/tests/integration/global-teardown.mjs',
  },
};

// Where Node can (24.9+ with --experimental-vm-modules), Jest 30 loads a required .mjs file or ESM package as
// an ES module; next/jest's SWC would have turned it into CommonJS first ("exports is not defined"). There,
// they go untransformed; on older Node, Jest still needs them as CommonJS.
const requiresEsmNatively = typeof vm.SourceTextModule?.prototype.hasAsyncGraph === 'function';

async function project(config) {
  const resolved = await createJestConfig(config)();
  if (requiresEsmNatively) {
    resolved.transform = Object.fromEntries(
      Object.entries(resolved.transform).map(([pattern, transformer]) => [pattern.replace('|mjs)', ')'), transformer]),
    );
  }
  resolved.transformIgnorePatterns = [
    requiresEsmNatively ? '/node_modules/' : `/node_modules/(?!(${esm.join('|')})/)`,
    '^.+\\.module\\.(css|sass|scss)$',
  ];
  return resolved;
}

// The fault and instance tests need a PostgreSQL server: they run when TEST_DATABASE_URL names one
// (.ci/run starts a throw-away cluster; scripts/test.mjs runs them with the second integration pass).
const selected = [
  projects.unit,
  projects.integration,
  projects.security,
  projects.launchers,
  ...(process.env.TEST_DATABASE_URL ? [projects.faults, projects.instances] : []),
];
const jestConfig = async () => ({ projects: await Promise.all(selected.map(project)) });

export default jestConfig;
