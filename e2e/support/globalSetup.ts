import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_DATABASE, E2E_MAILBOX_DIR, E2E_MYSQL_URL, E2E_PORT, E2E_ROOT, E2E_SUPPORT_EMAIL } from './env';
import { DISTINCT_USER_IDS_SQL } from '../../server/test/support/responseScan';
import { startTestSmtpServer } from '../../server/test/support/smtpServer';

async function waitForHealth(url: string, timeoutMs: number, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('The app server exited during start-up (see its output above).');
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The app server did not become healthy at ${url}`);
}

/** Fresh database and data folder, a real SMTP server, then the real app server as a child process. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await fs.rm(E2E_ROOT, { recursive: true, force: true });
  await fs.mkdir(E2E_DATA_DIR, { recursive: true });

  const conn = await mysql.createConnection(E2E_MYSQL_URL);
  await conn.query(`DROP DATABASE IF EXISTS \`${E2E_DATABASE}\``);
  await conn.query(`CREATE DATABASE \`${E2E_DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();

  const smtp = await startTestSmtpServer(E2E_MAILBOX_DIR);
  const root = path.resolve(__dirname, '../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: `${E2E_MYSQL_URL}/${E2E_DATABASE}`,
      MEILI_HOST: '',
      MEILI_INDEX_PREFIX: 'e2e_',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: E2E_BASE_URL,
      SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1; real limits would throttle the suite, not a member.
      RATE_LIMIT_FACTOR: '100',
    },
  });
  let alive = true;
  child.on('exit', () => {
    alive = false;
  });
  await waitForHealth(`${E2E_BASE_URL}/api/health`, 120_000, () => alive);
  // The server has migrated; before the first member exists, move members' ids where the answer scan
  // (support/test.ts) recognises any that an answer shows.
  const db = await mysql.createConnection(`${E2E_MYSQL_URL}/${E2E_DATABASE}`);
  await db.query(DISTINCT_USER_IDS_SQL);
  await db.end();

  return async () => {
    if (alive) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (alive) child.kill('SIGKILL');
    }
    await smtp.stop();
  };
}
