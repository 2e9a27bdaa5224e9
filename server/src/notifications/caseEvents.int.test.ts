import { createReport } from '../../test/factories';
import { openEventStream, type OpenStream } from '../../test/support/eventStream';
import type { HttpClient } from '../../test/support/httpClient';
import { eventually } from '../../test/support/searchOutbox';
import { memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { flagTarget, tellOverdueCases } from '../moderation';
import { writeTransaction } from '../db/transaction';
import { startOutboxRunner } from '../jobs/outboxRunner';
import type { Models } from '../models';
import { pendingNotificationWork } from './events';
import type { BusMessage } from './bus';
import { createNotificationWorker, NOTIFICATION_IDLE_MS } from './fanOut';

/**
 * The case queue on the notification stream (issue 20, the desktop app's badge and native notification):
 * operators with two-factor sign-in get `case` events, nobody else does; an overdue case is told once
 * however many sweeps and workers run.
 */
describe('case events on the notification stream', () => {
  let app: TestApp;
  let models: Models;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    models = app.services.models;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(() => app?.close());

  const settled = () => eventually(async () => (await pendingNotificationWork(app.services.sequelize)) === 0, 10_000, 'the notification work to drain');
  async function streamOf(client: HttpClient): Promise<OpenStream> {
    const stream = await openEventStream(client);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next('unread');
    return stream;
  }
  const flag = (client: HttpClient, reportId: number, category: string) => client.post('/api/flags', { targetType: 'report', targetId: String(reportId), category });

  it("reaches an operator's stream within a second of the flag that opens a severe case, and no member's nor an operator's without two-factor", async () => {
    const operator = await memberWithSession(app, { role: 'operator' });
    const withoutTwoFactor = await memberWithSession(app, { role: 'operator', totpEnabledAt: null });
    const author = await memberWithSession(app);
    const flagger = await memberWithSession(app);
    const commenter = await memberWithSession(app);
    const report = await createReport({ author: author.user });
    const [operatorStream, secondOperatorStream, plainOperatorStream, authorStream, flaggerStream] = await Promise.all(
      [operator, operator, withoutTwoFactor, author, flagger].map((member) => streamOf(member.client)),
    );

    const res = await flag(flagger.client, report.id, 'minor');
    const answered = performance.now();
    expect(res.status).toBe(200);
    const opened = await operatorStream!.next('case', { timeoutMs: 5_000 });
    expect(opened.at - answered).toBeLessThan(1_000);
    const open = await models.ModerationCase.findOne({ where: { targetId: report.id, status: 'open' } });
    expect(opened.data).toEqual({ caseId: open?.id, change: 'opened', severe: true, counts: { open: 1, overdue: 0, severeOpen: 1 } });
    // Resumable like every event of the stream: its id is its outbox row's.
    expect(Number(opened.id)).toBeGreaterThan(0);
    expect((await secondOperatorStream!.next('case')).data).toEqual(opened.data);

    // A marker made after the flag reaches the author, so the case event would have come before it.
    expect((await commenter.client.post('/api/comments', { articleId: report.id, text: 'ありがとうございます。' })).status).toBe(201);
    await authorStream!.next('notification');
    for (const stream of [authorStream!, flaggerStream!, plainOperatorStream!]) expect(stream.events.map((event) => event.event)).not.toContain('case');
  });

  it('tells the operators a case became more severe, and a closed case with the counts after it', async () => {
    const operator = await memberWithSession(app, { role: 'operator' });
    const [first, second] = [await memberWithSession(app), await memberWithSession(app)];
    const report = await createReport();
    const stream = await streamOf(operator.client);

    expect((await flag(first.client, report.id, 'spam')).status).toBe(200);
    const opened = await stream.next('case');
    expect(opened.data).toMatchObject({ change: 'opened', severe: false });
    const before = (opened.data as { counts: { open: number } }).counts.open;
    expect((await flag(second.client, report.id, 'nonConsensual')).status).toBe(200);
    expect((await stream.next('case', { after: 1 })).data).toMatchObject({ change: 'escalated', severe: true });

    const caseId = (opened.data as { caseId: number }).caseId;
    expect((await operator.client.post(`/api/moderation/cases/${caseId}/resolve`, { action: 'hide', reason: '同意のない画像' })).status).toBe(200);
    expect((await stream.next('case', { after: 2 })).data).toMatchObject({ caseId, change: 'closed', counts: { open: before - 1 } });
  });

  it('tells a case past its due time once, however many sweeps and workers run at the same moment', async () => {
    const operator = await memberWithSession(app, { role: 'operator' });
    const [first, second] = [await memberWithSession(app), await memberWithSession(app)];
    const report = await createReport();
    const stream = await streamOf(operator.client);
    const told: BusMessage[] = [];
    const stopListening = app.services.notifications.bus.subscribe((message) => {
      if (message.type === 'case') told.push(message);
    });
    // A second worker beside the app's, as two worker processes would run.
    const secondWorker = startOutboxRunner(
      createNotificationWorker({ models, sequelize: app.services.sequelize, bus: app.services.notifications.bus, logger: app.services.logger, storage: app.services.storage }),
      app.services.logger,
      { idleMs: NOTIFICATION_IDLE_MS },
    );
    try {
      // Flagged four days ago (spam: due in 72 hours), then escalated to a severe category (due 24 hours
      // after the opening): past due now.
      const deps = { models, sequelize: app.services.sequelize };
      const longAgo = new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);
      const { caseId } = await writeTransaction(app.services.sequelize, (transaction) =>
        flagTarget(deps, { viewer: first.user, targetType: 'report', targetId: report.id, category: 'spam', note: null, now: longAgo }, { transaction }),
      );
      await writeTransaction(app.services.sequelize, (transaction) =>
        flagTarget(deps, { viewer: second.user, targetType: 'report', targetId: report.id, category: 'minor', note: null, now: new Date(longAgo.getTime() + 1_000) }, { transaction }),
      );
      // Two workers' sweeps at once (their named lock aside: the marking UPDATE alone keeps it once).
      const counts = await Promise.all([tellOverdueCases(deps), tellOverdueCases(deps), tellOverdueCases(deps)]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
      const overdue = await stream.next('case', { where: (event) => (event.data as { change: string }).change === 'overdue' });
      expect(overdue.data).toMatchObject({ caseId, change: 'overdue', severe: true, counts: { overdue: expect.any(Number) } });
      expect((overdue.data as { counts: { overdue: number } }).counts.overdue).toBeGreaterThanOrEqual(1);
      expect(await tellOverdueCases(deps)).toBe(0);
      await settled();
      // A worker marks its rows done before it presents and publishes them (fanOut.ts), so the outbox can be
      // empty a moment before the last message is on the bus: wait for the messages themselves.
      const ofCase = () => told.filter((message) => message.type === 'case' && message.caseId === caseId);
      await eventually(async () => ofCase().length >= 3, 10_000, 'the three case messages');
      expect(ofCase().map((message) => message.type === 'case' && message.change)).toEqual(['opened', 'escalated', 'overdue']);
      expect(stream.events.filter((event) => event.event === 'case' && (event.data as { caseId: number }).caseId === caseId)).toHaveLength(3);
    } finally {
      stopListening();
      await secondWorker.stop();
    }
  });

  it('leaves a case not yet due, and a closed one, untold', async () => {
    const [flagger, operator] = [await memberWithSession(app), await memberWithSession(app, { role: 'operator' })];
    const report = await createReport();
    expect((await flag(flagger.client, report.id, 'obscene')).status).toBe(200);
    const open = await models.ModerationCase.findOne({ where: { targetId: report.id, status: 'open' } });
    if (!open) throw new Error('no case');
    const deps = { models, sequelize: app.services.sequelize };
    expect(await tellOverdueCases(deps)).toBe(0);
    expect((await operator.client.post(`/api/moderation/cases/${open.id}/resolve`, { action: 'dismiss', reason: '問題なし' })).status).toBe(200);
    // A day and more later: closed, so still nothing to tell of it (other tests' open cases come due then).
    await tellOverdueCases(deps, new Date(open.dueAt.getTime() + 60_000));
    expect((await open.reload()).overdueToldAt).toBeNull();
    const queued = await models.NotificationOutboxEntry.findAll({ where: { kind: 'case' } });
    expect(queued.map((entry) => JSON.parse(entry.payload) as { caseId: number; change: string }).filter((event) => event.caseId === open.id && event.change === 'overdue')).toEqual([]);
  });
});
