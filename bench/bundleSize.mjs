#!/usr/bin/env node
/**
 * Initial JavaScript of the built web app: for each measured route, the gzip size of every script the
 * browser must run before the route's screen can paint. That is the entry chunk and its static imports,
 * plus the route's lazily loaded screen module (see packages/ui/src/routes/routeTable.tsx) and its
 * static imports, each file counted once. Reads Vite's build manifest, so run it after `npm run build`.
 *
 *   node bench/bundleSize.mjs [--dist apps/web/dist] [--json] [--check]
 *
 * Budget (issue 13): 120 KiB gzip each for `/` and `/reports`. `--check` exits 1 when a route needs more;
 * `npm run build` only prints the figures, and apps/web/src/bundleSize.test.ts enforces the budget.
 * Sizes are gzip at zlib's default level, as Vite's own build report shows them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'apps/web');

export const BUDGET_BYTES = 120 * 1024;

/**
 * The screen module each measured route loads lazily (the `import()` in routeTable.tsx), from the repository
 * root: the web app's first screens (apps/web/firstScreens.json), whose pages also name these modules.
 */
export const ROUTE_MODULES = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(path.join(webRoot, 'firstScreens.json'), 'utf8'))).map(([route, screen]) => [route, screen.module]),
);

/** @typedef {{ file: string, imports?: string[], isEntry?: boolean }} ManifestChunk */

/** Every JS file `key` needs before it runs: itself and its static imports, transitively. */
function staticClosure(/** @type {Record<string, ManifestChunk>} */ manifest, /** @type {string} */ key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: was the route table or this script's ROUTE_MODULES changed?`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** @returns {{ route: string, files: { file: string, gzipBytes: number }[], gzipBytes: number, withinBudget: boolean }[]} */
export function measureRoutes(distDir = path.join(webRoot, 'dist')) {
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}`);
  return Object.entries(ROUTE_MODULES).map(([route, modulePath]) => {
    const moduleKey = path.relative(webRoot, path.join(repoRoot, modulePath)).split(path.sep).join('/');
    const files = staticClosure(manifest, moduleKey, staticClosure(manifest, entries[0]));
    const sized = [...files].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(distDir, file))).length }));
    const gzipBytes = sized.reduce((sum, { gzipBytes: bytes }) => sum + bytes, 0);
    return { route, files: sized, gzipBytes, withinBudget: gzipBytes <= BUDGET_BYTES };
  });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distIndex = args.indexOf('--dist');
  const results = measureRoutes(distIndex >= 0 ? path.resolve(args[distIndex + 1]) : undefined);
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ budgetBytes: BUDGET_BYTES, routes: results }, null, 2)}\n`);
  } else {
    const lines = [`initial JavaScript before first paint (gzip), budget ${kib(BUDGET_BYTES)} per route:`];
    for (const { route, files, gzipBytes, withinBudget } of results) {
      lines.push(`  ${route.padEnd(10)} ${kib(gzipBytes).padStart(10)}  ${withinBudget ? 'ok' : 'OVER BUDGET'}  (${files.map((f) => `${path.basename(f.file)} ${kib(f.gzipBytes)}`).join(', ')})`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (args.includes('--check') && results.some((r) => !r.withinBudget)) process.exitCode = 1;
}
