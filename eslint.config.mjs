import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Leaving out a property by destructuring it (`{ secret: _secret, ...rest }`) is deliberate.
    rules: { '@typescript-eslint/no-unused-vars': ['warn', { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' }] },
  },
  {
    ignores: ['.next/**', 'node_modules/**', 'bench/baseline-next/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
];

export default config;
