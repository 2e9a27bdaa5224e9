#!/usr/bin/env node
// Adds the lockfile entries of other platforms' optional native binaries (e.g. @swc/core-darwin-arm64)
// that npm leaves out when it cannot fetch their metadata from the registry this machine reaches.
// npm 11's `npm ci` refuses a lockfile without them ("Missing: … from lock file"); npm 10 does not care.
// Each added entry carries the os/cpu/libc that its name states, so no machine tries to install it
// but the one it is built for. Run after every `npm install` that changes package-lock.json.
import fs from 'node:fs';

const LOCKFILE = new URL('../package-lock.json', import.meta.url);
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'arm', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c));
  if (!os || !cpu) return null;
  const libc = os === 'linux' ? (parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined) : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const lock = JSON.parse(fs.readFileSync(LOCKFILE, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm looks a dependency up in the nearest node_modules folder upward from the dependent.
    const base = location ? `${location}/node_modules/` : 'node_modules/';
    if (lock.packages[`${base}${dep}`] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
    lock.packages[`node_modules/${dep}`] = { version: range, optional: true, ...platform };
    added.push(`${dep}@${range}`);
  }
}
if (process.argv.includes('--check')) {
  if (added.length) {
    console.error(`package-lock.json lacks ${added.length} platform entries (${added.slice(0, 3).join(', ')}…): run \`npm run lockfile\``);
    process.exit(1);
  }
  console.info('package-lock.json: complete');
} else {
  fs.writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
  console.info(added.length ? `package-lock.json: added ${added.length} platform entries` : 'package-lock.json: complete');
}
