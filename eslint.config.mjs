import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/out/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Writes go through writeTransaction (server/src/db/transaction.ts): READ COMMITTED, one SQLite writer
    // at a time, and a bounded retry of deadlock victims. Only it and the migrator open transactions.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/transaction.ts', 'server/src/db/migrator.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][callee.object.name='sequelize'], CallExpression[callee.property.name='transaction'][callee.object.property.name='sequelize']",
          message: 'Use writeTransaction(sequelize, work) from server/src/db/transaction.ts.',
        },
      ],
    },
  },
  {
    files: ['packages/ui/**/*.tsx', 'apps/**/*.tsx', 'electron/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
