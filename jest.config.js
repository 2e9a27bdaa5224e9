// Plain JavaScript so Jest can read it without ts-node.
/** @typedef {import('jest').Config} Config */

/** @type {Config['transform']} */
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
const roots = ['<rootDir>/packages', '<rootDir>/server', '<rootDir>/search', '<rootDir>/electron', '<rootDir>/apps', '<rootDir>/bench'];
const ignore = ['/node_modules/', '/dist/', '/out/'];
// ESM-only packages that Jest's CommonJS runtime must have transpiled.
const transformIgnorePatterns = ['/node_modules/(?!(meilisearch)/)'];

/**
 * Two projects: `unit` needs nothing running; `integration` (*.int.test.ts) talks to the machine's
 * MariaDB and to a real Meilisearch that its global setup starts.
 */
/** @type {Config} */
const config = {
  // Integration tests start databases and search indexes; a project-level timeout would be ignored.
  testTimeout: 60_000,
  projects: [
    { displayName: 'unit', roots, transform, transformIgnorePatterns, testEnvironment: 'node', testMatch: ['**/*.test.ts?(x)'], testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$'] },
    {
      displayName: 'integration',
      roots,
      transform,
      transformIgnorePatterns,
      testEnvironment: 'node',
      testMatch: ['**/*.int.test.ts'],
      testPathIgnorePatterns: ignore,
      globalSetup: '<rootDir>/server/test/globalSetup.ts',
      globalTeardown: '<rootDir>/server/test/globalTeardown.ts',
    },
  ],
};

module.exports = config;
