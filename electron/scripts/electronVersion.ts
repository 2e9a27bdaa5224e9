import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../..');

/**
 * Electron's TypeScript definitions, copied from the `electron` package of the version package-lock.json
 * pins. npm installs that package only on Node 22.12+ (an optional dependency whose engines it does not
 * meet elsewhere: see electron/README.md), so the typecheck reads this copy on every Node (tsconfig.json's
 * `paths`). `npm run desktop:types` writes it.
 */
export const VENDORED_TYPES = path.join(REPO_ROOT, 'electron/types/electron.d.ts');

/** The Electron version package-lock.json pins: what npm installs where it installs Electron at all. */
export function lockedElectronVersion(): string {
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string } | undefined>;
  };
  const version = lock.packages['node_modules/electron']?.version;
  if (!version) throw new Error('package-lock.json pins no version of electron');
  return version;
}
