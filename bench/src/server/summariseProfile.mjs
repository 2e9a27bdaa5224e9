// Summarises a V8 CPU profile (.cpuprofile, written with BENCH_CPU_PROFILE_DIR): where the API's CPU time
// went, by package (node_modules/<name>, our own workspaces, Node's internals) and by function.
// Usage: node bench/src/server/summariseProfile.mjs <file.cpuprofile> [top=25]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/src/server/summariseProfile.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// Self time per node: the time deltas of the samples that landed on it.
const selfMicros = new Map();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

function packageOf(url) {
  if (!url) return '(V8 / native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const workspace = url.match(/\/(server|packages\/[^/]+|search|bench)\/src\//);
  return workspace ? `ours: ${workspace[1]}` : url;
}

const byPackage = new Map();
const byFunction = new Map();
let total = 0;
let idle = 0;
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += micros;
    continue;
  }
  total += micros;
  const pkg = packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  const name = `${functionName || '(anonymous)'} ${pkg}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}

const print = (title, map) => {
  console.info(`\n${title}`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.info(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1e6).toFixed(2).padStart(7)} s  ${name}`);
  }
};
console.info(`busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s`);
print('self time by package', byPackage);
print('self time by function', byFunction);
