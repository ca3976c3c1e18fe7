import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'dist/',
      'node_modules/',
      '.react-router/',
      'data/',
      '.tmp/',
      'coverage/',
      'bench/results/',
    ],
  },
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // The architecture: the web app never imports server or database code; shared imports neither.
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/db/**'],
              message: 'The web app talks to the server only through src/shared types and the API.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/db/**', '**/web/**'],
              message: 'src/shared depends on nothing else in the project.',
            },
          ],
        },
      ],
    },
  },
  {
    // Schemas the browser builds take the configured z, so zod's messages are ours and no eval runs (CSP).
    files: ['src/shared/**', 'src/web/**'],
    ignores: ['src/shared/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'Import z from src/shared/zod.ts: it sets our messages and, in the browser, no eval.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**'],
              message: 'The data layer does not depend on the server or the web app.',
            },
          ],
        },
      ],
    },
  },
);
