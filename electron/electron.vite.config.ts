import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { lockedElectronVersion } from './scripts/electronVersion';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// electron-vite picks the bundles' targets from the installed Electron's version and fails without it; npm
// installs Electron only on Node 22.12+ (electron/README.md), so it is told the version the lockfile pins,
// the same one it would read, and the build is the same on every Node.
process.env.ELECTRON_MAJOR_VER ??= lockedElectronVersion().split('.')[0];

/**
 * Main, preload and renderer as three bundles. Everything (zod, the shared catalogue, React) is bundled:
 * the packaged app carries no node_modules, and a sandboxed preload cannot require() them anyway.
 */
export default defineConfig({
  main: {
    build: { externalizeDeps: false },
  },
  preload: {
    build: { externalizeDeps: false },
  },
  renderer: {
    plugins: [react()],
    server: { fs: { allow: [repoRoot] } },
  },
});
