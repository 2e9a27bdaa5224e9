import fs from 'node:fs';
import path from 'node:path';
import { lockedElectronVersion, VENDORED_TYPES } from './electronVersion';

/**
 * The typecheck reads Electron's definitions from electron/types (npm installs Electron only on Node 22.12+),
 * so a change of Electron's version without `npm run desktop:types` would check the code against another
 * Electron's API: this catches it, on every Node.
 */
test('the vendored definitions are those of the Electron version the lockfile pins', () => {
  const header = fs.readFileSync(VENDORED_TYPES, 'utf8').split('\n', 1)[0];
  expect(header).toBe(`// Type definitions for Electron ${lockedElectronVersion()}`);
});

const installed = (() => {
  try {
    return path.join(path.dirname(require.resolve('electron/package.json')), 'electron.d.ts');
  } catch {
    return null; // Node < 22.12: npm left the optional package out.
  }
})();

(installed ? test : test.skip)('where npm installed Electron, the vendored definitions are its own, unchanged', () => {
  expect(fs.readFileSync(VENDORED_TYPES, 'utf8')).toBe(fs.readFileSync(installed as string, 'utf8'));
});
