import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '@hiraku/search';
import mysql from 'mysql2/promise';

const MARIADBD = process.env.TEST_MARIADBD ?? '/usr/sbin/mariadbd';
const INSTALL_DB = process.env.TEST_MARIADB_INSTALL_DB ?? 'mariadb-install-db';
const SETPRIV = '/usr/bin/setpriv';
const START_TIMEOUT_MS = 60_000;
const STDERR_TAIL_LINES = 40;

/**
 * Small and quick to create: a 16 MB redo log instead of 100 MB, a small buffer pool. Durability is left
 * at the defaults (a commit is flushed before it is acknowledged), which is what the fault tests rely on.
 * install-db passes these through to the bootstrap server, so the files match what mariadbd expects.
 */
const SERVER_OPTIONS = ['--innodb-log-file-size=16M', '--innodb-buffer-pool-size=64M', '--skip-name-resolve', '--max-connections=300'];

export interface OwnMariadb {
  port: number;
  /** `mysql://root@127.0.0.1:<port>`: root has an empty password on this private server. */
  url: string;
  /** The running server's pid (changes after start()). */
  pid(): number;
  running(): boolean;
  /** Kills the server with `signal` (a crash with SIGKILL, a shutdown with SIGTERM) and waits until it has gone. */
  kill(signal: NodeJS.Signals): Promise<string>;
  /** Starts it again on the same port and data folder (InnoDB recovers what was committed). */
  start(): Promise<void>;
  /** Stops it and removes its data folder. Safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * A MariaDB server of the test's own, on its own port and a fresh data folder, for tests that must take
 * the database away: the machine's shared server (3306) is never touched. Needs `mariadbd` and
 * `mariadb-install-db` (Debian's mariadb-server package, which CI installs for the shared server too).
 * `port` defaults to TEST_OWN_MARIADB_PORT, else a free one.
 */
export async function startOwnMariadb({ port }: { port?: number } = {}): Promise<OwnMariadb> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-own-mariadb-'));
  const dataDir = path.join(root, 'data');
  const socket = path.join(root, 'mariadb.sock');
  const chosenPort = port ?? (Number(process.env.TEST_OWN_MARIADB_PORT) || (await findFreePort()));
  // mariadbd refuses to run as root unless told to; as anyone else the option is not needed.
  const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
  try {
    await promisify(execFile)(
      INSTALL_DB,
      ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...asRoot, ...SERVER_OPTIONS],
      { timeout: START_TIMEOUT_MS },
    );
  } catch (error) {
    await fs.rm(root, { recursive: true, force: true });
    throw new Error(`mariadb-install-db failed (is mariadb-server installed?): ${String(error)}`, { cause: error });
  }

  const url = `mysql://root@127.0.0.1:${chosenPort}`;
  let child: ChildProcess | undefined;
  let exited: Promise<string> = Promise.resolve('not started');
  const stderrTail: string[] = [];
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const start = async () => {
    const args = [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--port=${chosenPort}`,
      '--bind-address=127.0.0.1',
      `--socket=${socket}`,
      `--pid-file=${path.join(root, 'mariadb.pid')}`,
      ...asRoot,
      ...SERVER_OPTIONS,
    ];
    // Where it exists, the kernel ends the server when the test process dies without cleaning up.
    const withGuard = await fs.access(SETPRIV, fs.constants.X_OK).then(
      () => [SETPRIV, '--pdeathsig', 'KILL', '--', MARIADBD, ...args] as const,
      () => [MARIADBD, ...args] as const,
    );
    const [command, ...commandArgs] = withGuard;
    const started = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    started.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderrTail.push(...chunk.split('\n').filter(Boolean));
      stderrTail.splice(0, Math.max(0, stderrTail.length - STDERR_TAIL_LINES));
    });
    exited = new Promise((resolve) => {
      started.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
      started.once('error', (error) => resolve(error.message));
    });
    let gone: string | undefined;
    void exited.then((how) => {
      gone = how;
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (gone) throw new Error(`own mariadbd ended (${gone}) before it accepted connections:\n${stderrTail.join('\n')}`);
      if (await answers(url)) return;
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`own mariadbd did not accept connections within ${START_TIMEOUT_MS} ms:\n${stderrTail.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const kill = async (signal: NodeJS.Signals) => {
    if (!running()) return exited;
    child?.kill(signal);
    return exited;
  };

  try {
    await start();
  } catch (error) {
    process.removeListener('exit', killOnExit);
    await fs.rm(root, { recursive: true, force: true });
    throw error;
  }

  let destroyed: Promise<void> | undefined;
  return {
    port: chosenPort,
    url,
    pid: () => child?.pid ?? 0,
    running,
    kill,
    start,
    destroy: () =>
      (destroyed ??= (async () => {
        await kill('SIGKILL');
        process.removeListener('exit', killOnExit);
        await fs.rm(root, { recursive: true, force: true });
      })()),
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const connection = await mysql.createConnection({ uri: url, connectTimeout: 1_000 });
    try {
      await connection.query('SELECT 1');
      return true;
    } finally {
      await connection.end();
    }
  } catch {
    return false;
  }
}
