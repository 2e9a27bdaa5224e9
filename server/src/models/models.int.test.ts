import { QueryTypes, UniqueConstraintError } from 'sequelize';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { createCategory, createReport, createTag, createUser } from '../../test/factories';

describe.each(TEST_BACKENDS)('models on %s', (_name, open) => {
  let db: TestBackend;

  // Each block binds the model classes to its own database; Jest runs the blocks one after the other.
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('keeps a Japanese title with an emoji intact', async () => {
    const report = await createReport({ title: '緊縛🪢はじめての夜' });
    const reloaded = await db.models.Report.findByPk(report.id);
    expect(reloaded?.title).toBe('緊縛🪢はじめての夜');
    const found = await db.models.Report.findOne({ where: { title: '緊縛🪢はじめての夜' } });
    expect(found?.id).toBe(report.id);
  });

  it('tells apart tag names that differ only by a voicing mark, kana script or emoji', async () => {
    const category = await createCategory();
    const names = ['パドル', 'ハドル', 'はどる', '緊縛🪢', '緊縛🍣'];
    for (const name of names) await createTag({ name, category });
    expect(await db.models.Tag.count({ where: { categoryId: category.id } })).toBe(names.length);
    const found = await db.models.Tag.findAll({ where: { categoryId: category.id, name: '緊縛🪢' } });
    expect(found.map((tag) => tag.name)).toEqual(['緊縛🪢']);
    await expect(createTag({ name: 'パドル', category })).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it('accepts a title of 30 characters even when they are emoji', async () => {
    const title = '🪢'.repeat(30);
    const report = await createReport({ title });
    expect((await db.models.Report.findByPk(report.id))?.title).toBe(title);
  });

  it('gives a new member a URL-safe public id and the sign-up defaults', async () => {
    const user = await db.models.User.create({
      email: `new-${Date.now()}@example.com`,
      passwordHash: 'x',
      adultAttestedAt: new Date(),
    });
    const reloaded = await db.models.User.findByPk(user.id);
    expect(typeof reloaded?.id).toBe('number');
    expect(reloaded?.publicId).toMatch(/^[a-z0-9]{12}$/);
    expect(reloaded).toMatchObject({
      role: 'member',
      tutorialPending: true,
      emailVerifiedAt: null,
      suspendedAt: null,
    });
  });

  it('refuses a second account with the same e-mail', async () => {
    const user = await createUser();
    await expect(createUser({ email: user.email })).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it('keeps millisecond timestamps', async () => {
    const suspendedUntil = new Date('2025-03-04T05:06:07.891Z');
    const user = await createUser({ suspendedUntil });
    expect((await db.models.User.findByPk(user.id))?.suspendedUntil?.toISOString()).toBe('2025-03-04T05:06:07.891Z');
  });

  it('loads a report with its author, tag fields, tools, steps, play categories and play contents', async () => {
    const gender = await createTag({ name: '女性' });
    const author = await createUser({ profile: { username: 'なわ好き', genderTagId: gender.id } });
    const category = await createCategory();
    const [bondage, discipline, spanking] = await Promise.all([
      createTag({ name: '緊縛', category }),
      createTag({ name: '調教', category }),
      createTag({ name: 'スパンキング', category }),
    ]);
    const report = await createReport({
      author,
      genderTagId: gender.id,
      tools: [{ name: '麻縄', quantity: '8m×2本' }, { name: '安全ばさみ' }],
      steps: ['合図を決める', '後手縛り', 'アフターケア'],
      playCategories: [discipline!, bondage!],
      playContents: [spanking!],
    });

    const { Report, User, Profile, Tag, ReportTool, ReportStep } = db.models;
    const loaded = await Report.findByPk(report.id, {
      include: [
        { model: User, as: 'author', include: [{ model: Profile, as: 'profile', include: [{ model: Tag, as: 'gender' }] }] },
        { model: Tag, as: 'gender' },
        { model: ReportTool, as: 'tools' },
        { model: ReportStep, as: 'steps' },
        { model: Tag, as: 'playCategories' },
        { model: Tag, as: 'playContents' },
      ],
      order: [
        [{ model: ReportTool, as: 'tools' }, 'position', 'ASC'],
        [{ model: ReportStep, as: 'steps' }, 'stepNumber', 'ASC'],
      ],
    });
    expect(loaded?.author?.publicId).toBe(author.publicId);
    expect(loaded?.author?.profile?.username).toBe('なわ好き');
    expect(loaded?.author?.profile?.gender?.name).toBe('女性');
    expect(loaded?.gender?.name).toBe('女性');
    expect(loaded?.tools?.map((tool) => [tool.name, tool.quantity])).toEqual([
      ['麻縄', '8m×2本'],
      ['安全ばさみ', null],
    ]);
    expect(loaded?.steps?.map((step) => step.action)).toEqual(['合図を決める', '後手縛り', 'アフターケア']);
    expect(loaded?.playCategories?.map((tag) => tag.name).sort()).toEqual(['緊縛', '調教'].sort());
    expect(loaded?.playContents?.map((tag) => tag.name)).toEqual(['スパンキング']);
  });

  it('loads a tag with its category, and a category with its tags', async () => {
    const category = await createCategory({ name: '道具（テスト）' });
    const tag = await createTag({ name: '首輪', category });
    const loadedTag = await db.models.Tag.findByPk(tag.id, { include: [{ model: db.models.Category, as: 'category' }] });
    expect(loadedTag?.category?.name).toBe('道具（テスト）');
    const loadedCategory = await db.models.Category.findByPk(category.id, { include: [{ model: db.models.Tag, as: 'tags' }] });
    expect(loadedCategory?.tags?.map((t) => t.name)).toEqual(['首輪']);
  });

  it('lets a member like a report once only', async () => {
    const report = await createReport();
    const fan = await createUser();
    await db.models.Like.create({ reportId: report.id, userId: fan.id });
    await expect(db.models.Like.create({ reportId: report.id, userId: fan.id })).rejects.toBeInstanceOf(UniqueConstraintError);
    expect(await db.models.Like.count({ where: { reportId: report.id } })).toBe(1);
  });

  it('records one report per member per comment', async () => {
    const report = await createReport();
    const comment = await db.models.Comment.create({ reportId: report.id, authorId: report.authorId, text: 'すてきです' });
    const reporter = await createUser();
    // Since issue 18 a report of a comment is a flag in the comment's case: one per member and case.
    const flagged = await db.models.ModerationCase.create({
      type: 'comment', targetType: 'comment', targetId: comment.id, authorId: report.authorId, category: 'other', priority: 7, status: 'open', openSlot: 1, openedAt: new Date(), dueAt: new Date(),
    });
    await db.models.Flag.create({ caseId: flagged.id, flaggerId: reporter.id, category: 'other' });
    await expect(db.models.Flag.create({ caseId: flagged.id, flaggerId: reporter.id, category: 'spam' })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
  });

  it('removes everything of a deleted member, keeps others, and keeps the audit entry without its actor', async () => {
    const { User, Profile, Report, ReportTool, Like, Comment, RefreshToken, SearchQuery, AuditLog, ContactEnquiry } = db.models;
    const leaving = await createUser();
    const other = await createUser();
    const ownReport = await createReport({ author: leaving, tools: [{ name: '縄' }], steps: ['縛る'] });
    const othersReport = await createReport({ author: other });
    await Like.create({ reportId: othersReport.id, userId: leaving.id });
    await Comment.create({ reportId: othersReport.id, authorId: leaving.id, text: 'こんにちは' });
    await RefreshToken.create({
      userId: leaving.id,
      familyId: 'f'.repeat(36),
      tokenHash: 'a'.repeat(64),
      expiresAt: new Date(),
      familyExpiresAt: new Date(),
    });
    await SearchQuery.create({ userId: leaving.id, query: '縄' });
    const audit = await AuditLog.create({ actorId: leaving.id, action: 'report.hide', targetType: 'report', targetId: String(othersReport.id) });
    const enquiry = await ContactEnquiry.create({ userId: leaving.id, category: 'その他', content: '質問です' });

    await leaving.destroy();

    expect(await Profile.count({ where: { userId: leaving.id } })).toBe(0);
    expect(await Report.findByPk(ownReport.id)).toBeNull();
    expect(await ReportTool.count({ where: { reportId: ownReport.id } })).toBe(0);
    expect(await Like.count({ where: { userId: leaving.id } })).toBe(0);
    expect(await Comment.count({ where: { authorId: leaving.id } })).toBe(0);
    expect(await RefreshToken.count({ where: { userId: leaving.id } })).toBe(0);
    expect(await SearchQuery.count({ where: { userId: leaving.id } })).toBe(0);
    expect((await AuditLog.findByPk(audit.id))?.actorId).toBeNull();
    expect((await ContactEnquiry.findByPk(enquiry.id))?.userId).toBeNull();
    expect(await Report.findByPk(othersReport.id)).not.toBeNull();
    expect(await User.findByPk(other.id)).not.toBeNull();
  });

  it('leaves tags unclassified when their category is deleted, and clears a deleted tag from profiles', async () => {
    const category = await createCategory();
    const tag = await createTag({ category });
    const user = await createUser({ profile: { username: 'たぐ', roleTagId: tag.id } });
    await category.destroy();
    expect((await db.models.Tag.findByPk(tag.id))?.categoryId).toBeNull();
    await tag.destroy();
    expect((await db.models.Profile.findOne({ where: { userId: user.id } }))?.roleTagId).toBeNull();
  });

  it('stores analytics properties and audit details as JSON objects', async () => {
    const event = await db.models.AnalyticsEvent.create({
      name: 'page_view',
      path: '/reports',
      properties: { sort: 'like', count: 8, tags: ['緊縛'], nested: { ok: true } },
    });
    const reloaded = await db.models.AnalyticsEvent.findByPk(event.id);
    expect(reloaded?.properties).toEqual({ sort: 'like', count: 8, tags: ['緊縛'], nested: { ok: true } });
    expect(reloaded?.occurredAt).toBeInstanceOf(Date);

    const audit = await db.models.AuditLog.create({
      action: 'comment.dismiss',
      targetType: 'comment',
      targetId: '1',
      details: { reporters: 3 },
    });
    expect((await db.models.AuditLog.findByPk(audit.id))?.details).toEqual({ reporters: 3 });
    expect((await db.models.AuditLog.findByPk(audit.id, { raw: false }))?.get({ plain: true }).details).toEqual({ reporters: 3 });
  });

  it('writes snake_case columns', async () => {
    const user = await createUser();
    const rows = await db.sequelize.query<{ public_id: string; tutorial_pending: number | boolean }>(
      'SELECT public_id, tutorial_pending FROM users WHERE id = :id',
      { replacements: { id: user.id }, type: QueryTypes.SELECT },
    );
    expect(rows[0]?.public_id).toBe(user.publicId);
    expect(Boolean(rows[0]?.tutorial_pending)).toBe(false);
  });
});
