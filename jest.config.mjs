import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// ESM-only packages that Jest has to transform.
const esm = ['next-intl', 'use-intl', '@formatjs', 'intl-messageformat', 'icu-minify', 'sonner', 'ofetch', 'destr', 'ufo'];

const config = {
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: ['<rootDir>/tests/setup-jest.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.tsx', '<rootDir>/tests/component/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/bench/'],
  modulePathIgnorePatterns: ['<rootDir>/.next/', '<rootDir>/bench/baseline-next/'],
};

const jestConfig = async () => {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [`/node_modules/(?!(${esm.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'];
  return resolved;
};

export default jestConfig;
