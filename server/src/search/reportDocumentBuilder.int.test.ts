import type { ReportSearchDocument } from '@hiraku/search';
import { createCategory, createReport, createTag, createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import type { Report, Tag } from '../models';
import { allListedReportDocuments, buildReportDocuments, countListedReports, listedReportIds } from './reportDocumentBuilder';

async function collect(generator: AsyncGenerator<ReportSearchDocument[]>): Promise<ReportSearchDocument[][]> {
  const batches: ReportSearchDocument[][] = [];
  for await (const batch of generator) batches.push(batch);
  return batches;
}

describe.each(TEST_BACKENDS)('search documents on %s', (_name, open) => {
  let db: TestBackend;
  let tags: Record<'female' | 'bi' | 'rigger' | 'kinbaku' | 'kousoku' | 'gote' | 'aftercare', Tag>;

  // Each block binds the model classes to its own database; Jest runs the blocks one after the other.
  beforeAll(async () => {
    db = await open();
    const [gender, orientation, role, playCategory, playContent] = await Promise.all(
      ['性別', '性的指向', '性癖（ロール）', 'プレイ大分類', 'プレイ内容'].map((name) => createCategory({ name })),
    );
    tags = {
      female: await createTag({ name: '女性', category: gender }),
      bi: await createTag({ name: 'バイセクシュアル', category: orientation }),
      rigger: await createTag({ name: 'リガー', category: role }),
      kinbaku: await createTag({ name: '緊縛', category: playCategory }),
      kousoku: await createTag({ name: '拘束', category: playCategory }),
      gote: await createTag({ name: '後手縛り', category: playContent }),
      aftercare: await createTag({ name: 'アフターケア', category: playContent }),
    };
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('maps every field of a listed report, tags and rows in the order the author chose', async () => {
    const author = await createUser({ profile: { username: 'しずく' } });
    const createdAt = new Date('2024-05-01T12:34:56.789Z');
    const report = await createReport({
      author,
      title: '三回目の後手縛り',
      description: '落ち着いて最後まで結べました。',
      tips: '安全ばさみは手の届く場所に。',
      genderTagId: tags.female.id,
      sexualOrientationTagId: tags.bi.id,
      roleTagId: tags.rigger.id,
      likeCount: 4,
      createdAt,
      tools: [{ name: '麻縄', quantity: '7m×3本' }, { name: '安全ばさみ' }],
      steps: ['体調を確認する', '手首を重ねて留める', 'ゆっくりほどく'],
    });
    // Positions deliberately against the id order: the author's order is what counts.
    await db.models.ReportTag.bulkCreate([
      { reportId: report.id, kind: 'playCategory', tagId: tags.kousoku.id, position: 1 },
      { reportId: report.id, kind: 'playCategory', tagId: tags.kinbaku.id, position: 2 },
      { reportId: report.id, kind: 'playContent', tagId: tags.aftercare.id, position: 1 },
      { reportId: report.id, kind: 'playContent', tagId: tags.gote.id, position: 2 },
    ]);

    const documents = await buildReportDocuments(db.models, [report.id]);

    expect(documents).toEqual([
      {
        id: report.id,
        title: '三回目の後手縛り',
        description: '落ち着いて最後まで結べました。',
        tips: '安全ばさみは手の届く場所に。',
        toolNames: ['麻縄', '安全ばさみ'],
        stepTexts: ['体調を確認する', '手首を重ねて留める', 'ゆっくりほどく'],
        tagNames: ['女性', 'バイセクシュアル', 'リガー', '拘束', '緊縛', 'アフターケア', '後手縛り'],
        authorUsername: 'しずく',
        authorPublicId: author.publicId,
        authorId: author.id,
        gender: tags.female.id,
        sexualOrientation: tags.bi.id,
        role: tags.rigger.id,
        playCategories: [tags.kousoku.id, tags.kinbaku.id],
        playContents: [tags.aftercare.id, tags.gote.id],
        createdAt: createdAt.getTime(),
        likeCount: 4,
        warnings: [],
        savedBy: [],
      } satisfies ReportSearchDocument,
    ]);
  });

  it('gives empty texts and lists, not nulls, for what a report leaves out', async () => {
    const report = await createReport({ description: null, tips: null });
    const [document] = await buildReportDocuments(db.models, [report.id]);
    expect(document).toMatchObject({ description: '', tips: '', toolNames: [], stepTexts: [], tagNames: [], gender: null, playCategories: [] });
  });

  it('leaves out drafts, hidden reports and suspended authors’ reports', async () => {
    const listed = await createReport();
    const draft = await createReport({ isDraft: true });
    const hidden = await createReport({ hiddenAt: new Date(), listed: false });
    const suspendedAuthor = await createUser({ suspendedAt: new Date() });
    const bySuspended = await createReport({ author: suspendedAuthor, listed: false });
    // A row whose `listed` flag was not recomputed must not leak into search either.
    const staleFlagHidden = await createReport({ hiddenAt: new Date(), listed: true });
    const staleFlagSuspended = await createReport({ author: suspendedAuthor, listed: true });
    const ids = [listed, draft, hidden, bySuspended, staleFlagHidden, staleFlagSuspended].map((report) => report.id);

    expect((await buildReportDocuments(db.models, ids)).map((document) => document.id)).toEqual([listed.id]);
    expect([...(await listedReportIds(db.models, ids))]).toEqual([listed.id]);
    expect(await buildReportDocuments(db.models, [])).toEqual([]);
  });

  it('pages through every listed report by id, without skipping rows deleted mid-way', async () => {
    await db.models.Report.destroy({ where: {} });
    const author = await createUser();
    const reports: Report[] = [];
    for (let i = 0; i < 7; i += 1) reports.push(await createReport({ author, title: `一覧${i}` }));
    await createReport({ author, isDraft: true });
    expect(await countListedReports(db.models)).toBe(7);

    const generator = allListedReportDocuments(db.models, 3);
    const first = await generator.next();
    // With OFFSET paging, deleting a row already read would shift the next page and skip one.
    await reports[0]?.destroy();
    const rest = await collect(generator);

    const batches = [first.value as ReportSearchDocument[], ...rest];
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(batches.flat().map((document) => document.id)).toEqual(reports.map((report) => report.id));
  });

  it('yields nothing when there is nothing listed', async () => {
    await db.models.Report.destroy({ where: {} });
    await createReport({ isDraft: true });
    expect(await collect(allListedReportDocuments(db.models, 10))).toEqual([]);
    await expect(allListedReportDocuments(db.models, 0).next()).rejects.toThrow(/batchSize/);
  });
});
