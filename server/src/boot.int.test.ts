import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_KEYS } from '@hiraku/shared';
import { createTestDatabase } from '../test/support/db';
import { createApp } from './app';
import { boot, bootWorker } from './boot';
import { migrateCommand } from './cli/migrate';
import { parseEnv } from './env';

/** What `npm start` does, on the embedded SQLite default and on MariaDB: migrate, seed, serve. */
describe.each([
  ['SQLite (no DATABASE_URL)', false],
  ['MariaDB (DATABASE_URL)', true],
])('boot on %s', (_label, useMysql) => {
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-boot-'));
  });
  afterEach(async () => {
    await dropDatabase?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds the taxonomy once and serves a healthy API', async () => {
    let databaseUrl = '';
    if (useMysql) {
      const db = await createTestDatabase({ migrate: false });
      await db.sequelize.close();
      databaseUrl = db.url;
      dropDatabase = db.drop;
    }
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MEILI_HOST: process.env.TEST_MEILI_HOST,
      MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY,
      MEILI_INDEX_PREFIX: `boot${process.pid}${useMysql ? 'm' : 's'}_`,
      LOG_LEVEL: 'silent',
    });

    for (let run = 0; run < 2; run += 1) {
      const { services, shutdown } = await boot(env);
      try {
        const categories = await services.models.Category.findAll();
        expect(categories.map((c) => c.key).sort()).toEqual([...CATEGORY_KEYS].sort());
        expect(await services.models.Tag.count()).toBeGreaterThanOrEqual(40);

        const server: Server = await new Promise((resolve) => {
          const s = createApp(services).listen(0, '127.0.0.1', () => resolve(s));
        });
        try {
          const address = server.address();
          const port = typeof address === 'object' && address ? address.port : 0;
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          expect(await res.json()).toEqual({ status: 'ok', database: 'ok', search: 'ok' });
        } finally {
          server.closeAllConnections();
          await new Promise((resolve) => server.close(resolve));
        }
        await services.search.client.deleteIndex(services.search.reportsIndexUid).waitTask();
      } finally {
        await shutdown();
      }
    }
    if (!useMysql) await expect(fs.stat(path.join(dataDir, 'hiraku.sqlite'))).resolves.toBeTruthy();
  });
});

/** A deployment of several processes: the release step migrates once; API and worker processes never do. */
describe('boot of api and worker processes (HIRAKU_ROLE)', () => {
  let dataDir: string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-roles-'));
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await db?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const envFor = (role: 'api' | 'worker') =>
    parseEnv({
      NODE_ENV: 'test',
      HIRAKU_ROLE: role,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      MEILI_HOST: process.env.TEST_MEILI_HOST,
      MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY,
      MEILI_INDEX_PREFIX: `roles${process.pid}_`,
      LOG_LEVEL: 'silent',
    });

  it('refuses an unmigrated database without touching it, and starts once the release step has run', async () => {
    const behind = /データベースのスキーマがこのバージョンより古いため起動できません（未適用のマイグレーション: 0001-users-auth, .*）。リリース手順として先に npm run cli -- migrate を一度だけ実行してください。/;
    await expect(boot(envFor('api'))).rejects.toThrow(behind);
    await expect(bootWorker(envFor('worker'))).rejects.toThrow(behind);
    expect(await db.sequelize.getQueryInterface().showAllTables()).toEqual([]);

    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await migrateCommand(envFor('api'), {});
    } finally {
      info.mockRestore();
    }
    const categories = await db.sequelize.query('SELECT `key` FROM categories', { type: 'SELECT' });
    expect(categories).toHaveLength(CATEGORY_KEYS.length);

    // One at a time: the model classes are bound to one database connection per process (models/index.ts).
    const worker = await bootWorker(envFor('worker'));
    await worker.shutdown();
    const { services, shutdown } = await boot(envFor('api'));
    try {
      const server: Server = await new Promise((resolve) => {
        const s = createApp(services).listen(0, '127.0.0.1', () => resolve(s));
      });
      try {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(await res.json()).toEqual({ status: 'ok', database: 'ok', search: 'ok' });
        // Outside production the answering process names itself (the scale-out test tells processes apart by it).
        expect(res.headers.get('x-hiraku-process')).toBe(`${os.hostname()}:${process.pid}`);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      await shutdown();
    }
    await services.search.client.deleteIndex(services.search.reportsIndexUid).waitTask().catch(() => undefined);
  });
});
