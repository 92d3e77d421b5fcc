import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import boundaries from './scripts/eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.test-data', 'server/db/migrations', 'client/public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      // date-fns's index and its locale index each import hundreds of modules, and Node resolves every one
      // against date-fns's 199 KB package.json: 1.3 and 1.4 CPU-s for each process that loads them (every
      // server start, every test worker). The Vite build does not care, Node does (decision 087).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        ...['date-fns', 'date-fns/locale'].map((name) => ({
          name,
          allowTypeImports: true,
          message: `Import each function or locale from its own path ('date-fns/format', 'date-fns/locale/fr'): '${name}' costs every Node process over a CPU-second (decision 087).`,
        })),
      ],
    },
  },
  // Rules that read the types (typescript-eslint's project service, on TypeScript 5.9; decision 086):
  // a promise nobody waits for or catches, one handed where nothing waits for it (an event handler,
  // a callback typed to return nothing), and a switch on a union that forgets one of its members.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn', 'boundaries/feature-boundaries': 'error' },
  },
);
