import { Writable } from 'node:stream';
import { TEXTS, type ReportMutationResponse } from '@hiraku/shared';
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { heldBus } from '../../test/support/heldBus';
import { publishableForm, sendReportForm, systemTags } from '../../test/support/reports';
import { memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { sqlDateTime } from '../db/connection';
import { insertRows } from '../db/insertRows';
import { seedTaxonomy } from '../seed/taxonomy';
import type { BusMessage } from './bus';
import { createNotificationWorker } from './fanOut';

const FOLLOWERS = 3_000;
const REPORTS = 45;

/**
 * An author with thousands of followers who posts many reports before the worker comes round: the round
 * tells 135,000 (follower, report) pairs. They once went through `push(...)` and a search of the rows for
 * each: past about 125,000 the call overflowed the stack, the batch was rolled back and retried row by row,
 * and the presentation's square cost held the API process's event loop for seconds (publishes waited 2-7 s
 * in bench:follows). Now the round commits as one and tells each follower once, of the newest report.
 */
describe('a round of new-report notifications for thousands of followers', () => {
  let app: TestApp;
  const warnings: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, fanOut: false, deliverMail: false });
    await seedTaxonomy(app.services.models);
  }, 60_000);
  afterAll(() => app?.close());

  it('commits in one batch and tells every follower once, of the newest report', async () => {
    const { models, sequelize, storage } = app.services;
    const author = await memberWithSession(app);
    const now = sqlDateTime(sequelize, new Date());
    const [last] = await sequelize.query<{ max: number | string | null }>('SELECT MAX(id) AS max FROM users', { type: QueryTypes.SELECT });
    const firstId = Number(last?.max ?? 0) + 1;
    const ids = Array.from({ length: FOLLOWERS }, (_, index) => firstId + index);
    await insertRows(
      sequelize,
      'users',
      ['id', 'public_id', 'email', 'password_hash', 'email_verified_at', 'role', 'tutorial_pending', 'adult_attested_at', 'created_at', 'updated_at'],
      ids.map((id) => [id, `scale${id.toString(36).padStart(8, '0')}`, `scale${id}@example.test`, 'x', now, 'member', 0, now, now, now]),
    );
    await insertRows(sequelize, 'member_follows', ['follower_id', 'followee_id', 'state', 'created_at', 'approved_at'], ids.map((id) => [id, author.user.id, 'approved', now, now]));

    const tags = await systemTags(models);
    const reportIds: number[] = [];
    for (let index = 0; index < REPORTS; index += 1) {
      const res = await sendReportForm<ReportMutationResponse>(author.client, 'POST', '/api/reports', publishableForm(tags, { title: `連続投稿${index + 1}` }));
      expect(res.status).toBe(201);
      reportIds.push(Number(res.body.report._id));
    }

    const { bus, published } = heldBus();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) warnings.push(String((JSON.parse(line) as { msg: string }).msg));
        done();
      },
    });
    const worker = createNotificationWorker({ models, sequelize, bus, logger: pino({ level: 'warn' }, sink), storage }, { batchSize: 500 });
    const round = await worker.drainOnce();

    expect(round.applied).toBeGreaterThanOrEqual(REPORTS);
    expect(round.failed).toBe(0);
    expect(round.more).toBe(false);
    expect(warnings).toEqual([]);
    const told = published.filter((message): message is Extract<BusMessage, { type: 'notification' }> => message.type === 'notification');
    expect(told).toHaveLength(FOLLOWERS);
    expect(new Set(told.map((message) => message.userId)).size).toBe(FOLLOWERS);
    const newest = told.find((message) => message.userId === ids.at(-1));
    expect(newest?.item).toEqual(
      expect.objectContaining({ kind: 'followedReport', text: TEXTS.notification.lines.followedReport(author.user.profile.username, REPORTS), link: `/reports/${reportIds.at(-1)}`, read: false }),
    );
    expect(newest?.unread).toBe(1);
  }, 180_000);
});
