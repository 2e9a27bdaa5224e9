import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { TEXTS } from '@hiraku/shared';
import { SearchInputError } from '@hiraku/search';
import Koa from 'koa';
import pino from 'pino';
import { ConnectionAcquireTimeoutError, ConnectionRefusedError, DatabaseError, UniqueConstraintError } from 'sequelize';
import { authorizationError } from '../errors';
import { errorHandler } from './errorHandler';
import { requestLog } from './requestLog';

/** A driver error as Sequelize wraps it, with the message MariaDB or SQLite writes for a unique clash. */
const uniqueClash = (message: string) => new UniqueConstraintError({ parent: Object.assign(new Error(message), { sqlMessage: message, sql: 'INSERT' }) });

/** A driver error as Sequelize's query layer wraps it (DatabaseError with the mysql2 error as `parent`). */
const driverError = (fields: { message: string; code?: string; errno?: number; fatal?: boolean }) =>
  new DatabaseError(Object.assign(new Error(fields.message), fields, { sql: 'SELECT 1' }));

const FAILURES: Record<string, () => Error> = {
  '/api/forbidden': () => authorizationError(),
  '/api/search-input': () => new SearchInputError('gender', 'not a positive integer'),
  '/api/tag-name': () => uniqueClash("Duplicate entry '12-緊縛' for key 'tags_category_id_name_unique'"),
  '/api/category-name-mysql8': () => uniqueClash("Duplicate entry '緊縛' for key 'categories.categories_name_unique'"),
  '/api/category-name-sqlite': () => uniqueClash('SQLITE_CONSTRAINT: UNIQUE constraint failed: categories.name'),
  '/api/email': () => uniqueClash("Duplicate entry 'a@example.com' for key 'users_email_unique'"),
  '/api/like': () => uniqueClash("Duplicate entry '3-7' for key 'PRIMARY'"),
  '/api/comment-report-sqlite': () => uniqueClash('SQLITE_CONSTRAINT: UNIQUE constraint failed: comment_reports.comment_id, comment_reports.reporter_id'),
  '/api/bug': () => new TypeError('undefined is not a function'),
  '/api/db-refused': () => new ConnectionRefusedError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' })),
  '/api/db-pool': () => new ConnectionAcquireTimeoutError(new Error('Operation timeout')),
  '/api/db-lost': () => driverError({ message: 'Connection lost: The server closed the connection.', code: 'PROTOCOL_CONNECTION_LOST', fatal: true }),
  '/api/db-shutdown': () => driverError({ message: 'Server shutdown in progress', code: 'ER_SERVER_SHUTDOWN', errno: 1053 }),
  '/api/db-closed': () => driverError({ message: "Can't add new command when connection is in closed state" }),
  '/api/db-wrapped': () => new Error('report save failed', { cause: driverError({ message: 'read ECONNRESET', code: 'ECONNRESET' }) }),
  '/api/db-syntax': () => driverError({ message: 'You have an error in your SQL syntax', code: 'ER_PARSE_ERROR', errno: 1064 }),
};

describe('errorHandler inside requestLog', () => {
  let server: Server;
  let base: string;
  const lines: Array<{ msg: string; status?: number; path?: string }> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const app = new Koa();
    app.use(requestLog(logger));
    app.use(errorHandler(logger));
    app.use((ctx) => {
      const fail = FAILURES[ctx.path];
      if (fail) throw fail();
      ctx.body = { ok: true };
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function answer(path: string) {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: (await res.json()) as { error: string; message: string } };
  }

  it('answers a SearchInputError with 400 and the plain invalid-input message', async () => {
    expect(await answer('/api/search-input')).toEqual({ status: 400, body: { error: 'validation_error', message: TEXTS.common.invalidInput } });
  });

  it('gives the "same name exists" text only for the taxonomy name constraints', async () => {
    for (const path of ['/api/tag-name', '/api/category-name-mysql8', '/api/category-name-sqlite']) {
      expect(await answer(path)).toEqual({ status: 409, body: { error: 'conflict', message: TEXTS.taxonomy.nameTaken } });
    }
    for (const path of ['/api/email', '/api/like', '/api/comment-report-sqlite']) {
      expect(await answer(path)).toEqual({ status: 409, body: { error: 'conflict', message: TEXTS.common.conflict } });
    }
  });

  it('answers 503 with the Japanese "try again later" when the database is unreachable or went away', async () => {
    for (const path of ['/api/db-refused', '/api/db-pool', '/api/db-lost', '/api/db-shutdown', '/api/db-closed', '/api/db-wrapped']) {
      const res = await fetch(`${base}${path}`);
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 503,
        body: { error: 'service_unavailable', message: TEXTS.common.serviceUnavailable },
      });
      expect(res.headers.get('retry-after')).toBe('5');
    }
  });

  it('keeps 500 for a database error that is not about reaching it', async () => {
    expect(await answer('/api/db-syntax')).toEqual({ status: 500, body: { error: 'internal_error', message: TEXTS.common.serverError } });
  });

  it('logs the status that was sent, not the 404 Koa starts with', async () => {
    const sent: Record<string, number> = {};
    for (const path of ['/api/ok', '/api/forbidden', '/api/search-input', '/api/email', '/api/bug']) sent[path] = (await fetch(`${base}${path}`)).status;
    expect(sent).toEqual({ '/api/ok': 200, '/api/forbidden': 403, '/api/search-input': 400, '/api/email': 409, '/api/bug': 500 });
    const logged = Object.fromEntries(lines.filter((line) => line.msg === 'request' && line.path! in sent).map((line) => [line.path, line.status]));
    expect(logged).toEqual(sent);
  });
});
