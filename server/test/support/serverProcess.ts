import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_DIR = path.resolve(__dirname, '../../..');
const MAIN = path.join(REPO_DIR, 'server/src/main.ts');
const CLI = path.join(REPO_DIR, 'server/src/cli/index.ts');

/** What the processes of one deployment under test share: its database, index prefix, Redis and secret. */
export interface DeploymentEnv {
  dataDir: string;
  databaseUrl: string;
  indexPrefix: string;
  redisUrl: string;
  redisPrefix: string;
  sessionSecret: string;
}

/**
 * The environment of one process of such a deployment, as production sets it: its role and port, the
 * run's Meilisearch, and `extra` for what a test adds (replicas, SMTP, trusted proxies...).
 */
export function deploymentProcessEnv(deployment: DeploymentEnv, role: 'all' | 'api' | 'worker', port = 0, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HIRAKU_ROLE: role,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: deployment.dataDir,
    DATABASE_URL: deployment.databaseUrl,
    MEILI_HOST: process.env.TEST_MEILI_HOST ?? '',
    MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY ?? '',
    MEILI_INDEX_PREFIX: deployment.indexPrefix,
    REDIS_URL: deployment.redisUrl,
    REDIS_KEY_PREFIX: deployment.redisPrefix,
    SESSION_SECRET: deployment.sessionSecret,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** A server process (`npm run serve` or `npm run cli`) started from the repository's sources. */
export interface ServerProcess {
  readonly pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** The exit code once it has exited (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Resolves when the output matches `pattern`; rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM (the graceful stop of main.ts), SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Only what is given: a developer's own DATABASE_URL or REDIS_URL must not leak into a test's process.
 * PATH and HOME so Node and its tools behave as usual.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
}

function track(child: ChildProcess, what: string): ServerProcess {
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  // 'close' rather than 'exit': by then everything the process printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
    for (const listener of listeners) listener();
  });
  if (child.pid === undefined) throw new Error(`${what} could not be started`);
  return {
    pid: child.pid,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(output)) done();
          else if (exitCode !== undefined) done(new Error(`${what} exited (${exitCode}) before printing ${pattern}:\n${output}`));
        };
        const timer = setTimeout(() => done(new Error(`${what} did not print ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 15_000) {
      if (exitCode !== undefined) return;
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
}

/**
 * The Node flags the root package.json's serve script starts the bundle with (`node <flags> server/dist/main.cjs`):
 * read from the script itself, so a test starts the bundle exactly as production does.
 */
export function serveScriptNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = manifest.scripts.serve?.split(/\s+/) ?? [];
  if (words[0] !== 'node' || words.at(-1) !== 'server/dist/main.cjs') throw new Error(`the serve script is not "node <flags> server/dist/main.cjs": ${manifest.scripts.serve}`);
  return words.slice(1, -1);
}

/**
 * `server/src/main.ts` with exactly `env` (HIRAKU_ROLE, PORT, DATABASE_URL...); `main` runs a bundle of it
 * (server/buildServer.mjs) with plain Node and the serve script's flags instead, as `npm run serve` does.
 */
export function startServerProcess(
  env: Record<string, string>,
  what = `server (${env.HIRAKU_ROLE ?? 'all'})`,
  { main, nodeArgs = [] }: { main?: string; /** Node's own flags (a benchmark's --cpu-prof). */ nodeArgs?: readonly string[] } = {},
): ServerProcess {
  const args = [...nodeArgs, ...(main ? [...serveScriptNodeFlags(), main] : ['--import', 'tsx', MAIN])];
  const child = spawn(process.execPath, args, { cwd: REPO_DIR, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  return track(child, what);
}

/** `npm run cli -- <args>` with exactly `env`; resolves with its exit code and output. */
export async function runCli(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_DIR, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const tracked = track(child, `cli ${args.join(' ')}`);
  const code = await tracked.exited;
  return { code, output: tracked.output() };
}
