#!/usr/bin/env node
// Run before `npm run desktop:dev` and `desktop:package`: they need Electron (and electron-builder to
// package), which npm installs only on Node.js 22.12+ — optional dependencies whose packages ask for that
// Node, left out silently elsewhere (electron/README.md). Says so plainly instead of a "Cannot find module".
// Usage: node scripts/requireTooling.mjs electron [electron-builder]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const [major, minor] = process.versions.node.split('.').map(Number);
const nodeIsEnough = major > 22 || (major === 22 && minor >= 12);
const isInstalled = (name) => (require.resolve.paths(name) ?? []).some((dir) => fs.existsSync(path.join(dir, name, 'package.json')));
const missing = process.argv.slice(2).filter((name) => !isInstalled(name));

if (missing.length > 0) {
  const why = nodeIsEnough
    ? 'Run `npm install` first.'
    : `npm installs Electron and electron-builder only on Node.js 22.12 or later, and this is Node.js ${process.version}: switch to Node.js 22.12+, run \`npm install\`, then this again.`;
  console.error(`Not installed: ${missing.join(', ')}. ${why}`);
  console.error('(`npm start`, `npm run desktop:build`, the typecheck and the tests do without them, on Node.js 20.19+.)');
  process.exit(1);
}
