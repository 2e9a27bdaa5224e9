import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { MESSAGES } from '@hiraku/shared';
import { SearchInputError } from '@hiraku/search';
import Koa from 'koa';
import pino from 'pino';
import { UniqueConstraintError } from 'sequelize';
import { authorizationError } from '../errors';
import { errorHandler } from './errorHandler';
import { requestLog } from './requestLog';

/** A driver error as Sequelize wraps it, with the message MariaDB or SQLite writes for a unique clash. */
const uniqueClash = (message: string) => new UniqueConstraintError({ parent: Object.assign(new Error(message), { sqlMessage: message, sql: 'INSERT' }) });

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
    expect(await answer('/api/search-input')).toEqual({ status: 400, body: { error: 'validation_error', message: MESSAGES.common.invalidInput } });
  });

  it('gives the "same name exists" text only for the taxonomy name constraints', async () => {
    for (const path of ['/api/tag-name', '/api/category-name-mysql8', '/api/category-name-sqlite']) {
      expect(await answer(path)).toEqual({ status: 409, body: { error: 'conflict', message: MESSAGES.taxonomy.nameTaken } });
    }
    for (const path of ['/api/email', '/api/like', '/api/comment-report-sqlite']) {
      expect(await answer(path)).toEqual({ status: 409, body: { error: 'conflict', message: MESSAGES.common.conflict } });
    }
  });

  it('logs the status that was sent, not the 404 Koa starts with', async () => {
    const sent: Record<string, number> = {};
    for (const path of ['/api/ok', '/api/forbidden', '/api/search-input', '/api/email', '/api/bug']) sent[path] = (await fetch(`${base}${path}`)).status;
    expect(sent).toEqual({ '/api/ok': 200, '/api/forbidden': 403, '/api/search-input': 400, '/api/email': 409, '/api/bug': 500 });
    const logged = Object.fromEntries(lines.filter((line) => line.msg === 'request' && line.path! in sent).map((line) => [line.path, line.status]));
    expect(logged).toEqual(sent);
  });
});
