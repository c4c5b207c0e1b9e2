import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

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
