import { createReport, createUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { eventually } from '../../test/support/searchOutbox';
import { enqueueReportSearchSync } from '../commands/searchOutbox';
import { writeTransaction } from '../db/transaction';
import { createLogger } from '../logger';
import { createNotificationBus, busReady, type BusMessage, type NotificationBus } from '../notifications/bus';
import { notify } from '../notifications/events';
import { startOutboxRunner, type OutboxRunner } from './outboxRunner';
import { announceQueuedRows, wakeOnAnnouncedRows } from './outboxWake';
import type { OutboxDrainResult, OutboxWorker } from './outboxWorker';

const NOTHING_DUE: OutboxDrainResult = { claimed: 0, applied: 0, failed: 0, released: 0, more: false, unavailable: false };

/**
 * An API process's notification reaches the worker process at once (outboxWake.ts): two buses on the
 * machine's Redis stand for the two processes, the rows are queued by notify() in a real transaction,
 * and the worker's runner polls every ten minutes, so only the bus can start its second round.
 */
describe('rows queued where no worker runs wake the worker elsewhere', () => {
  let app: TestApp;
  const logger = createLogger('silent');
  const prefix = `hiraku_test_outbox_wake_${process.pid}_${Date.now()}:`;
  let apiBus: NotificationBus;
  let workerBus: NotificationBus;
  const stops: Array<() => unknown> = [];

  beforeAll(async () => {
    app = await startTestApp({ fanOut: false });
    apiBus = await createNotificationBus({ redisUrl: 'redis://127.0.0.1:6379', prefix, logger });
    workerBus = await createNotificationBus({ redisUrl: 'redis://127.0.0.1:6379', prefix, logger });
  });
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  afterAll(async () => {
    await Promise.all([apiBus?.close(), workerBus?.close()]);
    await app?.close();
  });

  /** A worker of the notification outbox that counts its rounds; its runner waits ten minutes between polls. */
  function countingWorker(): { rounds: () => number; runner: OutboxRunner; worker: OutboxWorker } {
    let rounds = 0;
    const worker: OutboxWorker = {
      workerId: 'test-worker',
      name: 'notifications',
      drainOnce: async () => {
        rounds += 1;
        return NOTHING_DUE;
      },
    };
    // Without wakeOn for its runner: the test process is the API process too, and a runner of the model
    // here would be woken in-process, never through the bus.
    const runner = startOutboxRunner(worker, logger, { idleMs: 600_000 });
    stops.push(() => runner.stop());
    return { rounds: () => rounds, runner, worker: { ...worker, wakeOn: app.services.models.NotificationOutboxEntry } };
  }

  const published: BusMessage[] = [];
  const listen = () => {
    published.length = 0;
    stops.push(apiBus.subscribe((message) => message.type === 'outboxQueued' && published.push(message)));
  };

  const comment = async (rollBack = false) => {
    const author = await createUser();
    const report = await createReport({ author });
    await writeTransaction(app.services.sequelize, async (transaction) => {
      await notify(app.services.models, { kind: 'like', reportId: report.id, likerId: author.id }, { transaction });
      if (rollBack) throw new Error('rolled back');
    }).catch((error: unknown) => {
      if (!rollBack) throw error;
    });
  };

  it('starts a round of the worker as soon as the transaction that queued the rows commits', async () => {
    const { rounds, runner, worker } = countingWorker();
    stops.push(wakeOnAnnouncedRows(workerBus, [{ worker, runner }]));
    stops.push(announceQueuedRows(apiBus, logger));
    await Promise.all([busReady(apiBus), busReady(workerBus)]);
    await eventually(async () => rounds() === 1, 10_000, 'the first round at start');

    await comment();
    await eventually(async () => rounds() === 2, 10_000, 'a round woken by the bus');
  });

  it('announces nothing for a transaction that rolled back, and nothing where a runner of the outbox is', async () => {
    listen();
    stops.push(announceQueuedRows(apiBus, logger));
    await busReady(apiBus);
    await comment(true);
    // A committed one after it: once its message is here, the rolled-back one's would have been too.
    await comment();
    await eventually(async () => published.length >= 1, 10_000, 'the committed write announced');
    expect(published).toEqual([{ type: 'outboxQueued', table: app.services.models.NotificationOutboxEntry.getTableName().toString() }]);

    // A runner of the notification outbox in this process: its rows wake it here, and nothing is announced.
    const local = startOutboxRunner({ workerId: 'local', name: 'notifications', wakeOn: app.services.models.NotificationOutboxEntry, drainOnce: async () => NOTHING_DUE }, logger, { idleMs: 600_000 });
    stops.push(() => local.stop());
    published.length = 0;
    await comment();
    await comment();
    await apiBus.publish({ type: 'unread', userId: 0 });
    await busReady(apiBus);
    expect(published).toEqual([]);
  });

  it('announces nothing for the search index: its worker gathers the writes of its poll into one indexing run', async () => {
    listen();
    stops.push(announceQueuedRows(apiBus, logger));
    await busReady(apiBus);
    const report = await createReport();
    await writeTransaction(app.services.sequelize, (transaction) => enqueueReportSearchSync(app.services.models, [report.id], 'upsert', { transaction }));
    // A notification after it: once its message is here, the index row's would have been too.
    await comment();
    await eventually(async () => published.length >= 1, 10_000, 'the notification announced');
    expect(published).toEqual([{ type: 'outboxQueued', table: app.services.models.NotificationOutboxEntry.getTableName().toString() }]);
    expect(await app.services.models.SearchOutboxEntry.count({ where: { aggregateId: String(report.id) } })).toBe(1);
  });

  it('wakes a search runner in the same process as soon as the index row is committed', async () => {
    let rounds = 0;
    const drainOnce = async () => {
      rounds += 1;
      return NOTHING_DUE;
    };
    const local = startOutboxRunner({ workerId: 'local-search', name: 'search outbox', wakeOn: app.services.models.SearchOutboxEntry, drainOnce }, logger, { idleMs: 600_000 });
    stops.push(() => local.stop());
    await eventually(async () => rounds === 1, 10_000, 'the first round at start');
    const report = await createReport();
    await writeTransaction(app.services.sequelize, (transaction) => enqueueReportSearchSync(app.services.models, [report.id], 'upsert', { transaction }));
    await eventually(async () => rounds === 2, 10_000, 'a round woken by the commit');
  });

  it('sends the first wake at once and the others of the next window in one message at its end', async () => {
    listen();
    stops.push(announceQueuedRows(apiBus, logger, { windowMs: 2_000 }));
    await busReady(apiBus);
    await comment();
    await eventually(async () => published.length === 1, 10_000, 'the first write announced at once');
    for (let i = 0; i < 5; i += 1) await comment();
    // The five in one message, at the window's end.
    await eventually(async () => published.length === 2, 10_000, 'the window\'s writes announced together');
    // The window starts again with that message: a write right after it waits for the next.
    await comment();
    await apiBus.publish({ type: 'unread', userId: 0 });
    await busReady(apiBus);
    expect(published).toHaveLength(2);
    await eventually(async () => published.length === 3, 10_000, 'the next window\'s write');
  });
});
