import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// react-router's hooks and components that read its data router (createBrowserRouter/RouterProvider). Our
// router (packages/ui/src/routes/createHirakuRouter.ts) has none, so each of them throws at runtime; the
// ones we need are our own, in routes/RouterView.tsx.
const DATA_ROUTER_ONLY = [
  'useBlocker', 'unstable_usePrompt', 'useRouteError', 'ScrollRestoration', 'useNavigation', 'useLoaderData',
  'useRouteLoaderData', 'useActionData', 'useFetcher', 'useFetchers', 'useSubmit', 'Form', 'useRevalidator',
  'useMatches', 'useViewTransitionState', 'unstable_useRoute', 'unstable_useRouterState',
];
const DATA_ROUTER_MESSAGE =
  'Needs a data router, which createHirakuRouter does not have (it throws): use useBlocker, useRouteError or ScrollRestoration from routes/RouterView, TanStack Query for data (src/query), useNavigate for moves.';
const dataRouterImports = ['react-router', 'react-router-dom'].map((name) => ({ name, importNames: DATA_ROUTER_ONLY, message: DATA_ROUTER_MESSAGE }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/out/**', 'data/**', 'bench/.data/**', 'test-results/**', 'playwright-report/**',
    // Electron's own definitions, copied as they are (electron/scripts/vendorElectronTypes.ts).
    'electron/types/electron.d.ts'] },
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
    // at a time, and a bounded retry of deadlock victims. Only it and the named lock (whose transaction
    // writes nothing: it pins the connection that holds a MySQL lock) open transactions.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/transaction.ts', 'server/src/db/namedLock.ts', '**/*.test.ts'],
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
    // TEXTS holds every word of every screen: a screen imports the parts it shows (packages/shared/README.md).
    files: ['packages/ui/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'electron/src/renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@hiraku/shared', importNames: ['TEXTS'], message: 'Import the domain part the screen shows (COMMON_TEXTS, REPORT_FORM_TEXTS, ...): TEXTS would ship every text in the first page.' },
            ...dataRouterImports,
          ],
        },
      ],
    },
  },
  {
    // Alerts and questions go through the injected Platform (packages/ui/src/platform): the desktop app
    // answers them with its own dialog. Only the two platform implementations touch the browser's.
    files: ['packages/ui/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'electron/src/renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/webPlatform.ts', 'electron/src/renderer/desktopPlatform.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['alert', 'confirm', 'prompt'].map((name) => ({ name, message: 'Use usePlatform().alert / confirm.' }))],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['alert', 'confirm', 'prompt'].map((property) => ({ object, property, message: 'Use usePlatform().alert / confirm.' })),
        ),
      ],
    },
  },
  {
    // Tests render screens with the same router: the data-router guard holds there too.
    files: ['packages/ui/src/**/*.test.{ts,tsx}', 'apps/web/src/**/*.test.{ts,tsx}', 'electron/src/renderer/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: dataRouterImports }] },
  },
  {
    // Every browser test scans the API answers it sees (e2e/support/test.ts): its `test` carries the fixture.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: "Import test and expect from './support/test'." }] },
      ],
    },
  },
  {
    files: ['packages/ui/**/*.tsx', 'apps/**/*.tsx', 'electron/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
