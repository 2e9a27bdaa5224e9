import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Workspace packages (packages/ui, packages/shared) live above this app; the dev server may read them.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  server: {
    fs: { allow: [repoRoot] },
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundleSize.mjs reads it to add up the JavaScript each route needs before first paint.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change together and rarely: one long-cached file every page needs.
          groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
