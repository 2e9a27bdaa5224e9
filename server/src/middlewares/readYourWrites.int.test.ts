import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COOKIE_NAMES } from '@hiraku/shared';
import Koa from 'koa';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createSequelize } from '../db/connection';
import { primaryReadsOf } from '../db/primaryReads';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { READ_PRIMARY_AFTER_WRITE_MS, readYourWrites } from './readYourWrites';

/*
 * A primary and a "replica" that has not applied the last write: two real MariaDB databases whose
 * `probe` table holds different values, so every read shows which one answered.
 */
let primary: TestDatabase;
let replica: TestDatabase;
let replicated: Sequelize;
let server: Server;
let baseUrl: string;
let clock = Date.now();

const probe = async (sequelize: Sequelize): Promise<string> =>
  (await sequelize.query<{ v: string }>('SELECT v FROM probe', { type: QueryTypes.SELECT }))[0]?.v ?? 'none';

beforeAll(async () => {
  primary = await createTestDatabase({ migrate: false });
  replica = await createTestDatabase({ migrate: false });
  for (const [db, value] of [[primary, 'primary'], [replica, 'replica']] as const) {
    await db.sequelize.query('CREATE TABLE probe (v VARCHAR(16) NOT NULL)');
    await db.sequelize.query('INSERT INTO probe (v) VALUES (?)', { replacements: [value] });
  }
  replicated = createSequelize({ databaseUrl: primary.url, readUrls: [replica.url], dataDir: '.', logging: false });
  const primaryReads = primaryReadsOf(replicated);
  if (!primaryReads) throw new Error('createSequelize with read URLs installs the primary switch');
  const app = new Koa();
  app.use(readYourWrites(primaryReads, { production: false, now: () => clock }));
  app.use(async (ctx) => {
    if (ctx.method === 'GET') ctx.body = { from: await probe(replicated) };
    else if (ctx.path === '/api/refused') ctx.status = 400;
    else ctx.status = 204;
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await replicated.close();
  await primary.drop();
  await replica.drop();
});

async function read(cookie?: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/page`, { headers: cookie ? { cookie } : {} });
  return ((await res.json()) as { from: string }).from;
}

async function write(path: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST' });
  return res.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE_NAMES.wrote}=`))?.split(';')[0];
}

describe('reads after a write (read replicas)', () => {
  it('sends reads outside a transaction to the replica, and every query inside run() to the primary', async () => {
    expect(await probe(replicated)).toBe('replica');
    expect(await primaryReadsOf(replicated)!.run(() => probe(replicated))).toBe('primary');
    // Nested calls and raw queries after an await stay on the primary.
    expect(await primaryReadsOf(replicated)!.run(async () => [await probe(replicated), await Promise.resolve().then(() => probe(replicated))])).toEqual(['primary', 'primary']);
    expect(await probe(replicated)).toBe('replica');
  });

  it('answers a reload right after a write from the primary, and later ones from the replica again', async () => {
    expect(await read()).toBe('replica');
    const cookie = await write('/api/reports');
    expect(cookie).toBe(`${COOKIE_NAMES.wrote}=${clock}`);
    expect(await read(cookie)).toBe('primary');
    clock += READ_PRIMARY_AFTER_WRITE_MS - 1;
    expect(await read(cookie)).toBe('primary');
    clock += 1;
    expect(await read(cookie)).toBe('replica');
  });

  it('sets nothing for a refused write, nor for a cookie that is not a time', async () => {
    expect(await write('/api/refused')).toBeUndefined();
    expect(await read(`${COOKIE_NAMES.wrote}=soon`)).toBe('replica');
    expect(await read(`${COOKIE_NAMES.wrote}=${clock + 60_000}`)).toBe('replica');
  });

  it('makes no switch without replicas', () => {
    const single = createSequelize({ databaseUrl: primary.url, dataDir: '.', logging: false });
    try {
      expect(primaryReadsOf(single)).toBeUndefined();
    } finally {
      void single.close();
    }
  });
});
