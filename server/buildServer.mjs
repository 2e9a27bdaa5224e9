#!/usr/bin/env node
/**
 * The server as production runs it: one CommonJS file, `server/dist/main.cjs`, bundled by esbuild from
 * `src/main.ts` with the workspace packages (@hiraku/shared, @hiraku/search) inside and every npm package
 * left to node_modules (native ones included). `npm run serve` runs it with plain Node: no TypeScript
 * loader in the process, which held about 80 MiB more under the benchmark's load (bench/RESULTS.md, RSS).
 * Not minified, so stacks keep their function names; `main.cjs.map` beside it, for
 * `NODE_OPTIONS=--enable-source-maps` when a stack should point at the sources.
 *
 *   node server/buildServer.mjs [<entry.ts> <out.cjs>]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// packages/ui: the first screens the server renders (server/src/middlewares/firstScreenHtml.ts) bring React.
const WORKSPACES = ['package.json', 'server/package.json', 'search/package.json', 'packages/shared/package.json', 'packages/ui/package.json', 'bench/package.json'];

/**
 * Copied into the bundle although npm packages: pure JavaScript whose version the server names differs from
 * the copy npm hoists to the repository's root for other packages (lru-cache 11 in server/node_modules, 6 at
 * the root for semver). A bundle outside server/ (the benchmark's, in bench/.data) would otherwise load the
 * root's copy at run time.
 */
const BUNDLED = new Set(['lru-cache']);

/** Every npm package a workspace names but BUNDLED: loaded from node_modules at run time, never copied into the bundle. */
function npmPackages() {
  const names = new Set();
  for (const file of WORKSPACES) {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) if (!name.startsWith('@hiraku/') && !BUNDLED.has(name)) names.add(name);
  }
  return [...names];
}

/**
 * Bundles `entry` into `outfile`. The output must sit two folders below the repository, as `src/main.ts`
 * does (server/src/app.ts finds the web app's build from there).
 */
export async function buildServer({ entry = path.join(repoRoot, 'server/src/main.ts'), outfile = path.join(repoRoot, 'server/dist/main.cjs') } = {}) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: npmPackages(),
    sourcemap: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, outfile] = process.argv.slice(2);
  const written = await buildServer(entry && outfile ? { entry: path.resolve(entry), outfile: path.resolve(outfile) } : {});
  process.stdout.write(`server bundled: ${path.relative(repoRoot, written)}\n`);
}
