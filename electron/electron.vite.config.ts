import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

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
