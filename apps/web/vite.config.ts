import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenPages } from './firstScreenPages';
import { precompress } from './precompress';

// Workspace packages (packages/ui, packages/shared) live above this app; the dev server may read them.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// react-router's package exports point every bundler at its development build (warning texts and checks
// included); the production build it ships beside it is the same router without them, 0.6 KiB less gzip
// in the framework chunk that every first paint needs (bench/bundleSize.mjs).
const reactRouterProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ mode }) => ({
  // The server sends the .br/.gz copies as they are, and each first screen's page (server/src/middlewares/webApp.ts).
  plugins: [react(), firstScreenPages(repoRoot), precompress()],
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ]
        : [],
  },
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
    // Every browser of Vite's default target preloads modules natively; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change together and rarely: one long-cached file every page needs.
          groups: [
            { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // Parts of the report card that import nothing but React (texts, the stand-in icon, the alert
            // region), which every list of reports shows: one file instead of six of a few hundred bytes, each
            // of which cost /reports' first paint its own gzip frame and import line (bench/bundleSize.mjs).
            // Parts with other imports stay out: the group would take those along, into the landing page too.
            {
              name: 'reportCardParts',
              test: /[\\/]packages[\\/](ui[\\/]src[\\/](assets[\\/]defaultProfileIcon|components[\\/]forms[\\/]FormAlert)|shared[\\/]src[\\/](taxonomy|texts[\\/](report[\\/]card|follow[\\/]feed|sensitiveImageView)))\./,
            },
          ],
        },
      },
    },
  },
}));
