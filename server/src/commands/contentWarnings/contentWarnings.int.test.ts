import { contentWarningMask, defaultContentWarningSettings, reportInputSchema, SORT_OPTIONS, TEXTS, type ContentWarningKey } from '@hiraku/shared';
import { createOperator, createReport, createUser } from '../../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../../test/support/backends';
import { writeTransaction } from '../../db/transaction';
import type { Report, User } from '../../models';
import { buildReportDocuments } from '../../search/reportDocumentBuilder';
import { searchReportsInDatabase } from '../../search/databaseFallbackSearch';
import { loadContentWarningSettings } from '../../visibility';
import { createAppCaches } from '../../cache/appCaches';
import { createFeedPageCache } from '../feedPageCache';
import { loadListedCards, type ListViewer } from '../reportCards';
import { loadReportFeed } from '../reportFeedLoader';
import { updateReport } from '../reportUpdater';
import { setReportWarnings } from './warningModerator';
import { saveContentWarningSettings } from './warningSettings';

/**
 * Content warnings (issue 37) on both databases: a member's choices saved and read back, an operator's
 * labels and lock (audited, the author told, the index told), the author refused a change of locked
 * labels, and each viewer choice on the read paths that run on the database: the feed of every sort
 * (shared pages and the database's own), the search's database fallback and the cards search reads.
 */
describe.each(TEST_BACKENDS)('content warnings on %s', (_name, open) => {
  let db: TestBackend;
  let author: User;
  const word = `注意書き${Date.now()}`;

  beforeAll(async () => {
    db = await open();
    author = await createUser();
  });
  afterAll(() => db?.drop());

  const save = (userId: number, input: Parameters<typeof saveContentWarningSettings>[2]) =>
    writeTransaction(db.sequelize, (transaction) => saveContentWarningSettings(db.sequelize, userId, input, { transaction }));

  const labelled = (labels: ContentWarningKey[], extra: Parameters<typeof createReport>[0] = {}) =>
    createReport({ author, title: `${word}${labels.join('')}`, warningMask: contentWarningMask(labels), ...extra });

  it('keeps each member’s choice per label: 警告 until chosen, a partial save keeps the rest', async () => {
    const member = await createUser();
    expect(await loadContentWarningSettings(db.sequelize, member.id)).toEqual(defaultContentWarningSettings());
    expect(await save(member.id, { blood: 'hide', marks: 'show' })).toMatchObject({ blood: 'hide', marks: 'show', breath: 'warn' });
    await save(member.id, { breath: 'hide', marks: 'warn' });
    expect(await loadContentWarningSettings(db.sequelize, member.id)).toEqual({ ...defaultContentWarningSettings(), blood: 'hide', breath: 'hide' });
  });

  it('an operator sets and locks labels: audited once, the author told, the index told; the author cannot change them', async () => {
    const operator = await createOperator();
    const report = await labelled(['marks']);
    const before = { audit: await db.models.AuditLog.count(), notices: await db.models.NotificationOutboxEntry.count(), outbox: await db.models.SearchOutboxEntry.count() };
    const input = { actor: operator, reportId: report.id, warnings: ['blood', 'other'] as ContentWarningKey[], warningOther: '火を使う', locked: true, reason: '流血の描写があるため' };
    const first = await writeTransaction(db.sequelize, (transaction) => setReportWarnings(db.models, input, { transaction }));
    expect(first.changed).toBe(true);
    const again = await writeTransaction(db.sequelize, (transaction) => setReportWarnings(db.models, input, { transaction }));
    expect(again.changed).toBe(false);
    await report.reload();
    expect({ mask: report.warningMask, other: report.warningOther, locked: report.warningsLocked }).toEqual({ mask: contentWarningMask(['blood', 'other']), other: '火を使う', locked: true });
    const audit = await db.models.AuditLog.findAll({ where: { action: 'report.content_warnings', targetId: String(report.id) } });
    expect(audit.map((row) => row.details)).toEqual([
      { title: report.title, before: { warnings: ['marks'], warningOther: null, locked: false }, after: { warnings: ['blood', 'other'], warningOther: '火を使う', locked: true } },
    ]);
    expect(await db.models.AuditLog.count()).toBe(before.audit + 1);
    const notices = await db.models.NotificationOutboxEntry.findAll({ order: [['id', 'DESC']], limit: 1 });
    expect(await db.models.NotificationOutboxEntry.count()).toBe(before.notices + 1);
    expect(JSON.parse(String(notices[0]?.payload))).toMatchObject({ kind: 'decision', userId: author.id, action: 'contentWarnings', reportId: report.id });
    expect(await db.models.SearchOutboxEntry.count()).toBeGreaterThan(before.outbox);
    const [document] = await buildReportDocuments(db.models, [report.id]);
    expect(document?.warnings).toEqual(['blood', 'other']);

    // The author's edit that would drop a locked label is refused with the reason; the same labels pass.
    const edit = (warnings: ContentWarningKey[]) =>
      writeTransaction(db.sequelize, (transaction) =>
        updateReport(db.models, { viewer: author, reportId: report.id, input: reportInputSchema.parse({ title: report.title, isDraft: true, warnings, warningOther: '火を使う' }), images: null }, { transaction }),
      );
    await expect(edit(['other'])).rejects.toMatchObject({ message: TEXTS.contentWarnings.locked });
    await report.reload();
    expect(report.warningMask).toBe(contentWarningMask(['blood', 'other']));
    await expect(edit(['blood', 'other'])).resolves.toBeDefined();
  });

  describe('each viewer choice on every database read path', () => {
    let blood: Report;
    let plain: Report;
    let mine: Report;
    const viewers: Record<'show' | 'warn' | 'hide' | 'hideThree', ListViewer> = {} as never;
    let hider: User;

    beforeAll(async () => {
      blood = await labelled(['blood']);
      plain = await labelled([]);
      for (const choice of ['show', 'warn', 'hide'] as const) {
        const member = await createUser();
        await save(member.id, { blood: choice });
        viewers[choice] = { id: member.id, now: new Date() };
      }
      hider = await createUser();
      await save(hider.id, { blood: 'hide', breath: 'hide', scat: 'hide' });
      viewers.hideThree = { id: hider.id, now: new Date() };
      // A member's own report never leaves their lists, whatever they hide.
      mine = await createReport({ author: hider, title: `${word}自分`, warningMask: contentWarningMask(['blood']) });
    });

    async function pathsFor(viewer: ListViewer, report: Report): Promise<Record<string, boolean>> {
      const feedCache = createFeedPageCache(db.sequelize, createAppCaches());
      const seen: Record<string, boolean> = {};
      for (const sort of SORT_OPTIONS) {
        // The shared page read first for another member, so the viewer's own is filtered in memory; then the database's own read.
        await loadReportFeed({ sequelize: db.sequelize, feedCache }, { sort, limit: 50, viewer: { id: author.id, now: viewer.now } });
        const shared = await loadReportFeed({ sequelize: db.sequelize, feedCache }, { sort, limit: 50, viewer });
        const own = await loadReportFeed({ sequelize: db.sequelize }, { sort, limit: 50, viewer });
        seen[`feed ${sort} shared`] = shared.reports.some((card) => card.id === report.id);
        seen[`feed ${sort}`] = own.reports.some((card) => card.id === report.id);
      }
      const fallback = await searchReportsInDatabase(db.sequelize, { query: word, filters: {}, sort: 'new', limit: 50, offset: 0, viewer });
      seen['search fallback'] = fallback.ids.includes(report.id);
      seen['search cards'] = (await loadListedCards(db.sequelize, [report.id], viewer)).length === 1;
      return seen;
    }

    const all = (value: boolean) => expect.objectContaining(Object.fromEntries(['feed new', 'feed old', 'feed like', 'feed new shared', 'feed old shared', 'feed like shared', 'search fallback', 'search cards'].map((key) => [key, value])));

    it('表示する and 警告してから表示 keep a labelled report everywhere; 表示しない removes it everywhere', async () => {
      expect(await pathsFor(viewers.show, blood)).toEqual(all(true));
      expect(await pathsFor(viewers.warn, blood)).toEqual(all(true));
      expect(await pathsFor(viewers.hide, blood)).toEqual(all(false));
      expect(await pathsFor(viewers.hideThree, blood)).toEqual(all(false));
    });

    it('a member hiding labels still gets unlabelled reports and their own labelled ones', async () => {
      expect(await pathsFor(viewers.hide, plain)).toEqual(all(true));
      expect(await pathsFor(viewers.hideThree, mine)).toEqual(all(true));
    });

    it('a changed choice takes effect on the next read, the shared pages included', async () => {
      const member = await createUser();
      const viewer = { id: member.id, now: new Date() };
      expect(await pathsFor(viewer, blood)).toEqual(all(true));
      await save(member.id, { blood: 'hide' });
      expect(await pathsFor(viewer, blood)).toEqual(all(false));
      await save(member.id, { blood: 'show' });
      expect(await pathsFor(viewer, blood)).toEqual(all(true));
    });
  });
});
