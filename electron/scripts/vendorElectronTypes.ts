import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockedElectronVersion, VENDORED_TYPES } from './electronVersion';

/**
 * Writes electron/types/electron.d.ts from the `electron` package of the pinned version. `npm pack`
 * fetches the package without installing it (no engine check, no install script), so this works on the
 * Node 20 that cannot install Electron itself. Run after changing Electron's version.
 */
const version = lockedElectronVersion();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'electron-types-'));
try {
  const packed = execFileSync('npm', ['pack', `electron@${version}`, '--pack-destination', dir, '--silent'], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  const tarball = packed.trim().split('\n').pop() ?? '';
  execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir, 'package/electron.d.ts']);
  fs.copyFileSync(path.join(dir, 'package/electron.d.ts'), VENDORED_TYPES);
  console.info(`electron/types/electron.d.ts: Electron ${version}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
