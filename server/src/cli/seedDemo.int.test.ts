import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { searchReportIds, type ReportSearchDocument } from '@hiraku/search';
import { LIMITS } from '@hiraku/shared';
import { Op } from 'sequelize';
import sharp from 'sharp';
import { openCliTestEnv, testSearchClient, type CliTestEnv } from '../../test/support/cliTestEnv';
import type { TestDatabase } from '../../test/support/db';
import { verifyPassword } from '../auth/password';
import type { Env } from '../env';
import { initModels, type Models } from '../models';
import { DEMO_PASSWORD } from '../seed/demo/demoMembers';
import { REPORT_AGGREGATE } from '../commands/searchOutbox';
import { seedDemoCommand } from './seedDemo';

// The run's Meilisearch (globalSetup); this file's own index names.
const client = testSearchClient();
const prefix = `t_seeddemo_${process.pid}_${randomBytes(3).toString('hex')}_`;
let setup: CliTestEnv | undefined;
let db: TestDatabase;
let dataDir: string;
let env: Env;
let models: Models;

// Images are drawn and encoded for every report: slower than Jest's default 5 s.
jest.setTimeout(120_000);

/**
 * The command opens (and closes) its own connection, and model classes follow the latest initModels():
 * bind them back to this file's connection before reading.
 */
function rebind(): Models {
  models = initModels(db.sequelize);
  return models;
}

beforeAll(async () => {
  setup = await openCliTestEnv(prefix);
  ({ db, dataDir, env } = setup);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterAll(async () => {
  jest.restoreAllMocks();
  await setup?.close();
});

async function countRows(m: Models) {
  return {
    users: await m.User.count(),
    profiles: await m.Profile.count(),
    reports: await m.Report.count(),
    tools: await m.ReportTool.count(),
    steps: await m.ReportStep.count(),
    reportTags: await m.ReportTag.count(),
    likes: await m.Like.count(),
    comments: await m.Comment.count(),
    outbox: await m.SearchOutboxEntry.count(),
    files: (await fs.readdir(path.join(dataDir, 'uploads'), { recursive: true }).catch(() => [])).length,
  };
}

const webpOf = async (key: string | null) => {
  if (!key) throw new Error('no image key');
  const metadata = await sharp(await fs.readFile(path.join(dataDir, 'uploads', key))).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height };
};

describe('seed-demo', () => {
  it('refuses bad options and production in Japanese, changing nothing', async () => {
    await expect(seedDemoCommand(env, { members: '1' })).rejects.toThrow('--members は 2 以上で指定してください');
    await expect(seedDemoCommand(env, { reports: '三十' })).rejects.toThrow('--reports には数値を指定してください');
    await expect(seedDemoCommand(env, { reports: '99' })).rejects.toThrow('--reports は 36 以下で指定してください');
    await expect(seedDemoCommand({ ...env, production: true }, {})).rejects.toThrow('本番環境');
    expect(await db.models.User.count()).toBe(0);
  });

  it('creates verified members and at least 30 published, listed reports with everything a report shows', async () => {
    const result = await seedDemoCommand(env, { members: '6', reports: '36', quiet: true });
    rebind();

    expect(result).toMatchObject({ membersCreated: 6, reportsCreated: 36, draftsCreated: 2, indexed: 36, indexError: null, password: DEMO_PASSWORD });

    const users = await models.User.findAll({ where: { email: { [Op.like]: 'demo%@hiraku.local' } }, include: [{ model: models.Profile, as: 'profile' }], order: [['id', 'ASC']] });
    expect(users.map((user) => user.email)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `demo${n}@hiraku.local`));
    for (const user of users) {
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(user.suspendedAt).toBeNull();
      expect(user.role).toBe('member');
      expect(user.profile?.username).toBeTruthy();
      expect([user.profile?.genderTagId, user.profile?.sexualOrientationTagId, user.profile?.roleTagId]).not.toContain(null);
      expect(await webpOf(user.profile?.iconKey ?? null)).toEqual({ format: 'webp', width: LIMITS.iconSize, height: LIMITS.iconSize });
    }
    expect(await verifyPassword(users[0]?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);

    const published = await models.Report.findAll({
      where: { isDraft: false },
      include: [
        { model: models.ReportTool, as: 'tools' },
        { model: models.ReportStep, as: 'steps' },
        { model: models.ReportTag, as: 'reportTags' },
      ],
    });
    expect(published.length).toBeGreaterThanOrEqual(30);
    const userIds = new Set(users.map((user) => user.id));
    for (const report of published) {
      expect(report.listed).toBe(true);
      expect(report.hiddenAt).toBeNull();
      expect(report.publishedAt).not.toBeNull();
      expect(userIds.has(report.authorId)).toBe(true);
      expect(Array.from(report.title).length).toBeLessThanOrEqual(LIMITS.reportTitleMax);
      expect(report.description).toBeTruthy();
      expect(report.tips).toBeTruthy();
      expect([report.genderTagId, report.sexualOrientationTagId, report.roleTagId]).not.toContain(null);
      const tools = report.tools ?? [];
      expect(tools.length).toBeGreaterThanOrEqual(2);
      expect(tools.length).toBeLessThanOrEqual(5);
      for (const tool of tools) expect(Array.from(tool.quantity ?? '').length).toBeLessThanOrEqual(LIMITS.toolQuantityMax);
      const stepNumbers = (report.steps ?? []).map((step) => step.stepNumber).sort((a, b) => a - b);
      expect(stepNumbers.length).toBeGreaterThanOrEqual(3);
      expect(stepNumbers).toEqual(stepNumbers.map((_, i) => i + 1));
      const kinds = (report.reportTags ?? []).map((link) => link.kind);
      const categories = kinds.filter((kind) => kind === 'playCategory').length;
      const contents = kinds.filter((kind) => kind === 'playContent').length;
      expect(categories).toBeGreaterThanOrEqual(1);
      expect(categories).toBeLessThanOrEqual(3);
      expect(contents).toBeGreaterThanOrEqual(1);
      expect(contents).toBeLessThanOrEqual(5);
      expect(await webpOf(report.mainImageKey)).toEqual({ format: 'webp', width: 1200, height: 800 });
      expect(await webpOf(report.thumbnailKey)).toEqual({ format: 'webp', width: LIMITS.thumbnailSize, height: LIMITS.thumbnailSize });
    }

    const times = published.map((report) => report.createdAt.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 24 * 60 * 60 * 1000);

    const drafts = await models.Report.findAll({ where: { isDraft: true } });
    expect(drafts).toHaveLength(2);
    expect(drafts.every((draft) => !draft.listed && draft.publishedAt === null)).toBe(true);

    const outbox = await models.SearchOutboxEntry.findAll();
    expect(outbox.map((entry) => [entry.aggregateType, entry.operation, entry.aggregateId]).sort()).toEqual(
      published.map((report) => [REPORT_AGGREGATE, 'upsert', String(report.id)]).sort(),
    );

    const searchable = await client.index<ReportSearchDocument>(`${prefix}reports`).getDocuments({ fields: ['id'], limit: 100 });
    expect(searchable.results.map((document) => document.id).sort((a, b) => a - b)).toEqual(published.map((report) => report.id).sort((a, b) => a - b));
    const workshop = published.find((report) => report.title.includes('ワークショップ'));
    expect((await searchReportIds(client, `${prefix}reports`, { query: 'ワークショップ', limit: 10 })).ids).toEqual([workshop?.id]);
  });

  it('keeps like and comment counts equal to their rows, with no one liking their own report', async () => {
    const reports = await models.Report.findAll({ where: { isDraft: false } });
    let likes = 0;
    let comments = 0;
    for (const report of reports) {
      const likeRows = await models.Like.findAll({ where: { reportId: report.id } });
      expect(report.likeCount).toBe(likeRows.length);
      expect(likeRows.map((like) => like.userId)).not.toContain(report.authorId);
      const commentRows = await models.Comment.findAll({ where: { reportId: report.id } });
      expect(report.commentCount).toBe(commentRows.length);
      expect(commentRows.map((comment) => comment.authorId)).not.toContain(report.authorId);
      likes += likeRows.length;
      comments += commentRows.length;
    }
    expect(likes).toBeGreaterThan(reports.length);
    expect(comments).toBeGreaterThanOrEqual(5);
  });

  it('adds nothing the second time', async () => {
    const before = await countRows(models);
    const result = await seedDemoCommand(env, { quiet: true });
    rebind();
    expect(result).toMatchObject({ membersCreated: 0, membersExisting: 6, reportsCreated: 0, reportsExisting: 36, draftsCreated: 0, imagesStored: 0 });
    expect(await countRows(models)).toEqual(before);
  });

  it('completes an interrupted run: only what is missing is added', async () => {
    const missing = await models.Report.findOne({ where: { isDraft: false }, order: [['id', 'DESC']] });
    await missing?.destroy();
    const before = await countRows(models);

    const result = await seedDemoCommand(env, { members: '8', reports: '36', quiet: true });
    rebind();

    expect(result).toMatchObject({ membersCreated: 2, membersExisting: 6, reportsCreated: 1, reportsExisting: 35, draftsCreated: 0 });
    const after = await countRows(models);
    expect(after.users).toBe(before.users + 2);
    expect(after.reports).toBe(before.reports + 1);
    expect(await models.Report.count({ where: { title: missing?.title ?? '' } })).toBe(1);
  });
});
