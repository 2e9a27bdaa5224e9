import fs from 'node:fs/promises';
import path from 'node:path';
import {
  TEXTS,
  REPORT_FIELD_LABELS,
  LIMITS,
  type ErrorBody,
  type MyReportListItem,
  type ReportDetail,
  type ReportFormValues,
  type ReportListItem,
  type ReportMutationResponse,
} from '@hiraku/shared';
import sharp from 'sharp';
import { createReport, createUser } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { jpegWithGps, oversizedJpeg, plainPng, TEXT_PRETENDING_TO_BE_JPEG } from '../../../test/support/images';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../../../test/support/reports';
import { createMemberWithPassword, logIn, signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import type { Models, User } from '../../models';
import { seedTaxonomy } from '../../seed/taxonomy';

type Mutation = ReportMutationResponse & ErrorBody;

describe('reports API', () => {
  let app: TestApp;
  let tags: SystemTags;
  let author: { client: HttpClient; user: User };
  let other: { client: HttpClient; user: User };
  let operator: { client: HttpClient; user: User };
  let models: Models;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    models = app.services.models;
    await seedTaxonomy(models);
    tags = await systemTags(app.services.models);
    author = await signedInMember(app.baseUrl);
    other = await signedInMember(app.baseUrl);
    const op = await createMemberWithPassword({ role: 'operator' });
    const opClient = createHttpClient(app.baseUrl);
    await logIn(opClient, op.email, op.password);
    operator = { client: opClient, user: op };
  });
  afterAll(() => app?.close());

  const create = (values: ReportFormValues, client = author.client, file?: Parameters<typeof sendReportForm>[4]) =>
    sendReportForm<Mutation>(client, 'POST', '/api/reports', values, file);
  const update = (id: number, values: ReportFormValues, client = author.client, file?: Parameters<typeof sendReportForm>[4]) =>
    sendReportForm<Mutation>(client, 'PUT', `/api/reports/${id}`, values, file);
  const form = (overrides: Partial<ReportFormValues> = {}) => publishableForm(tags, overrides);
  const reportCount = () => models.Report.count();
  const outboxFor = (id: number) => models.SearchOutboxEntry.findAll({ where: { aggregateType: 'report', aggregateId: String(id) }, order: [['id', 'ASC']] });

  async function storedFiles(): Promise<string[]> {
    const entries = await fs.readdir(path.join(app.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(path.join(app.dataDir, 'uploads'), path.join(entry.parentPath, entry.name)));
  }
  const fileOfUrl = (url: string) => path.join(app.dataDir, 'uploads', url.replace(/^\/media\//, ''));

  /** Expects a 400 with `message` and nothing stored. */
  async function expectRefused(values: ReportFormValues | Array<[string, string]>, message: string, field?: string) {
    const before = await reportCount();
    const res = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', values);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.message).toBe(message);
    if (field) expect(res.body.fields?.[field]).toBe(message);
    expect(await reportCount()).toBe(before);
  }

  describe('creating', () => {
    it('publishes a complete report and shows every field on the detail page', async () => {
      const values = form({
        tools: [
          { name: '麻縄', quantity: '7m×2本' },
          { name: '', quantity: '' },
          { name: '  安全ばさみ  ', quantity: '' },
        ],
        play: [
          { stepNumber: 1, action: '挨拶と合図の確認' },
          { stepNumber: 2, action: '   ' },
          { stepNumber: 3, action: '後手縛り' },
        ],
      });
      const res = await create(values);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(TEXTS.report.created);
      const report = res.body.report;
      const tagRef = (id: number | null) => {
        const all = Object.values(tags).flat();
        const tag = all.find((t) => t.id === id);
        return tag ? { _id: tag.id, name: tag.name } : null;
      };
      expect(report).toEqual({
        _id: expect.any(Number),
        title: values.title,
        description: values.description,
        tips: values.tips,
        duration: values.duration,
        gender: tagRef(values.gender),
        sexualOrientation: tagRef(values.sexualOrientation),
        role: tagRef(values.role),
        playCategories: values.playCategories.map(tagRef),
        playContents: values.playContents.map(tagRef),
        tools: [
          { name: '麻縄', quantity: '7m×2本' },
          { name: '安全ばさみ', quantity: '' },
        ],
        play: [
          { stepNumber: 1, action: '挨拶と合図の確認' },
          { stepNumber: 2, action: '後手縛り' },
        ],
        isDraft: false,
        isHidden: false,
        mainImageUrl: null,
        thumbnailUrl: null,
        image: null,
        likeCount: 0,
        commentCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        publishedAt: expect.any(String),
        authorData: { username: author.user.profile?.username, iconUrl: null, publicId: author.user.publicId },
        abilities: { update: true, delete: true, like: false, comment: true },
        audience: 'members',
        warnings: [],
        warningOther: null,
        warningsLocked: false,
      });

      const viewed = await other.client.get<ReportDetail>(`/api/reports/${report._id}`);
      expect(viewed.status).toBe(200);
      expect(viewed.body.title).toBe(values.title);
      expect(viewed.body.abilities).toEqual({ update: false, delete: false, like: true, comment: true });

      const row = await models.Report.findByPk(report._id);
      expect(row?.listed).toBe(true);
      expect(row?.publishedAt).toBeInstanceOf(Date);
      const outbox = await outboxFor(report._id);
      expect(outbox.map((entry) => entry.operation)).toEqual(['upsert']);
    });

    it('saves a draft with only a title, shows it to its author alone and lists it in my-reports', async () => {
      const res = await sendReportForm<Mutation>(author.client, 'POST', '/api/reports', [
        ['title', '下書きのメモ'],
        ['isDraft', 'true'],
      ]);
      expect(res.status).toBe(201);
      const id = res.body.report._id;
      expect(res.body.report).toMatchObject({ isDraft: true, publishedAt: null, gender: null, playCategories: [], tools: [], play: [] });
      expect((await models.Report.findByPk(id))?.listed).toBe(false);

      for (const client of [other.client, operator.client]) {
        const res404 = await client.get<ErrorBody>(`/api/reports/${id}`);
        expect(res404.status).toBe(404);
        expect(res404.body.message).toBe(TEXTS.report.notFound);
      }
      expect((await author.client.get<ReportDetail>(`/api/reports/${id}`)).status).toBe(200);

      const mine = await author.client.get<MyReportListItem[]>('/api/reports/my-reports');
      expect(mine.status).toBe(200);
      expect(mine.body.find((item) => item._id === id)).toMatchObject({ title: '下書きのメモ', isDraft: true, isHidden: false });
      const othersMine = await other.client.get<MyReportListItem[]>('/api/reports/my-reports');
      expect(othersMine.body.some((item) => item._id === id)).toBe(false);

      const publicList = await other.client.get<ReportListItem[]>(`/api/reports?publicId=${author.user.publicId}`);
      expect(publicList.status).toBe(200);
      expect(publicList.body.some((item) => item._id === id)).toBe(false);
      const feed = await other.client.get<{ data: ReportListItem[] }>('/api/reports/infinite?sort=new&limit=50');
      expect(feed.body.data.some((item) => item._id === id)).toBe(false);
    });

    it('stores a report as a draft when isDraft is not sent', async () => {
      const res = await sendReportForm<Mutation>(author.client, 'POST', '/api/reports', [['title', '状態なし']]);
      expect(res.status).toBe(201);
      expect(res.body.report.isDraft).toBe(true);
    });

    it('requires a title even for a draft', async () => {
      await expectRefused(form({ title: '   ', isDraft: true }), TEXTS.report.titleRequired, 'title');
    });

    it('accepts a 30-character title (emoji count as one) and refuses 31', async () => {
      const ok = await create(form({ title: '🪢'.repeat(LIMITS.reportTitleMax) }));
      expect(ok.status).toBe(201);
      expect(ok.body.report.title).toBe('🪢'.repeat(30));
      await expectRefused(form({ title: 'あ'.repeat(LIMITS.reportTitleMax + 1) }), TEXTS.report.titleTooLong, 'title');
    });

    const missingForPublish: Array<[keyof typeof REPORT_FIELD_LABELS, Partial<ReportFormValues>]> = [
      ['gender', { gender: null }],
      ['sexualOrientation', { sexualOrientation: null }],
      ['role', { role: null }],
      ['playCategories', { playCategories: [] }],
      ['playContents', { playContents: [] }],
      ['description', { description: '  ' }],
    ];
    it.each(missingForPublish)('refuses to publish without %s, naming the field', async (field, overrides) => {
      await expectRefused(form(overrides), TEXTS.report.requiredForPublish(REPORT_FIELD_LABELS[field]), field);
    });

    it('saves the same incomplete report as a draft', async () => {
      const res = await create(form({ gender: null, role: null, playCategories: [], playContents: [], description: '', isDraft: true }));
      expect(res.status).toBe(201);
      expect(res.body.report.isDraft).toBe(true);
    });

    it('enforces the selection and row limits of docs/product.md §9', async () => {
      const three = tags.playCategory.slice(0, LIMITS.playCategoriesMax).map((t) => t.id);
      const seven = tags.playContent.slice(0, LIMITS.playContentsMax).map((t) => t.id);
      const tenTools = Array.from({ length: LIMITS.toolsMax }, (_, i) => ({ name: `道具${i + 1}`, quantity: 'x'.repeat(LIMITS.toolQuantityMax) }));
      const tenSteps = Array.from({ length: LIMITS.stepsMax }, (_, i) => ({ stepNumber: i + 1, action: `手順${i + 1}` }));
      const atLimits = await create(form({ playCategories: three, playContents: seven, tools: tenTools, play: tenSteps }));
      expect(atLimits.status).toBe(201);
      expect(atLimits.body.report.playCategories).toHaveLength(3);
      expect(atLimits.body.report.playContents).toHaveLength(7);
      expect(atLimits.body.report.tools).toHaveLength(10);
      expect(atLimits.body.report.play.map((s) => s.stepNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

      await expectRefused(form({ playCategories: tags.playCategory.slice(0, 4).map((t) => t.id) }), TEXTS.report.maxSelectable(3), 'playCategories');
      await expectRefused(form({ playContents: tags.playContent.slice(0, 8).map((t) => t.id) }), TEXTS.report.maxSelectable(7), 'playContents');
      await expectRefused(form({ tools: [...tenTools, { name: '11個目', quantity: '' }] }), TEXTS.report.toolsMax, 'tools');
      await expectRefused(form({ tools: [{ name: '縄', quantity: 'x'.repeat(LIMITS.toolQuantityMax + 1) }] }), TEXTS.report.toolQuantityMax, 'tools.0.quantity');
      await expectRefused(form({ play: [...tenSteps, { stepNumber: 11, action: '11個目' }] }), TEXTS.report.stepsMax, 'play');
    });

    it('does not count blank tool rows and blank steps against the limits', async () => {
      const tools = [...Array.from({ length: 10 }, (_, i) => ({ name: `道具${i}`, quantity: '' })), { name: '', quantity: '' }];
      const play = [{ stepNumber: 1, action: '' }, ...Array.from({ length: 10 }, (_, i) => ({ stepNumber: i + 2, action: `手順${i}` }))];
      const res = await create(form({ tools, play }));
      expect(res.status).toBe(201);
      expect(res.body.report.tools).toHaveLength(10);
      expect(res.body.report.play[0]).toEqual({ stepNumber: 1, action: '手順0' });
    });

    it('refuses a quantity without a tool name rather than losing it', async () => {
      await expectRefused(form({ tools: [{ name: '', quantity: '2本' }] }), TEXTS.report.toolNameRequired, 'tools.0.name');
    });

    it('refuses tags that do not exist or belong to another category', async () => {
      await expectRefused(form({ gender: tags.role[0]?.id ?? 0 }), TEXTS.report.tagInvalid(REPORT_FIELD_LABELS.gender), 'gender');
      await expectRefused(form({ playContents: [tags.playCategory[0]?.id ?? 0] }), TEXTS.report.tagInvalid(REPORT_FIELD_LABELS.playContents), 'playContents');
      await expectRefused(form({ role: 99_999_999 }), TEXTS.report.tagInvalid(REPORT_FIELD_LABELS.role), 'role');
      await expectRefused(
        [['title', 'x'], ['isDraft', 'true'], ['playCategories[0]', 'abc']],
        TEXTS.report.tagInvalid(REPORT_FIELD_LABELS.playCategories),
        'playCategories',
      );
    });

    it('refuses a member without a profile and sends them to /profile', async () => {
      const noProfile = await signedInMember(app.baseUrl, { profile: null });
      const before = await reportCount();
      const res = await sendReportForm<ErrorBody>(noProfile.client, 'POST', '/api/reports', form(), { data: await plainPng(), name: 'a.png', type: 'image/png' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: TEXTS.profile.notSet, redirectUrl: '/profile' });
      expect(await reportCount()).toBe(before);
    });

    it('refuses anonymous visitors and requests without the anti-forgery header', async () => {
      const anonymous = createHttpClient(app.baseUrl);
      const res = await sendReportForm<ErrorBody>(anonymous, 'POST', '/api/reports', form());
      expect(res.status).toBe(401);
      const forged = await fetch(`${app.baseUrl}/api/reports`, { method: 'POST', body: new FormData(), headers: { cookie: `hiraku_access=${author.client.cookie('hiraku_access')}` } });
      expect(forged.status).toBe(403);
      expect(((await forged.json()) as ErrorBody).error).toBe('csrf_error');
      expect((await anonymous.get<ErrorBody>('/api/reports/infinite')).status).toBe(401);
    });

    it('refuses a JSON body: the form is multipart', async () => {
      const res = await author.client.post<ErrorBody>('/api/reports', { title: 'JSON' });
      expect(res.status).toBe(415);
      expect(res.body.message).toBe(TEXTS.report.formInvalid);
    });
  });

  describe('images', () => {
    it('stores the main image and a thumbnail as WebP without EXIF, and serves them', async () => {
      const before = await storedFiles();
      // Unlabelled, so the other member's list below gets the thumbnail (sensitiveImages.int.test.ts has the labelled case).
      const res = await create(form({ imageSensitive: false }), author.client, { data: await jpegWithGps(), name: 'photo.jpg', type: 'image/jpeg' });
      expect(res.status).toBe(201);
      const { mainImageUrl, thumbnailUrl } = res.body.report;
      expect(mainImageUrl).toMatch(/^\/media\/reports\/[A-Za-z0-9-]+\.webp$/);
      expect(thumbnailUrl).toMatch(/^\/media\/reports\/[A-Za-z0-9-]+\.webp$/);
      // The main image, its thumbnail and the blurred preview (issue 19).
      expect((await storedFiles()).length).toBe(before.length + 3);

      const main = await sharp(await fs.readFile(fileOfUrl(mainImageUrl ?? ''))).metadata();
      expect(main.format).toBe('webp');
      expect(main.width).toBe(1200);
      expect(main.exif).toBeUndefined();
      const thumb = await sharp(await fs.readFile(fileOfUrl(thumbnailUrl ?? ''))).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', LIMITS.thumbnailSize, LIMITS.thumbnailSize]);

      const served = await fetch(`${app.baseUrl}${thumbnailUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');

      const list = await other.client.get<ReportListItem[]>(`/api/reports?publicId=${author.user.publicId}`);
      expect(list.body.find((item) => item._id === res.body.report._id)?.thumbnailUrl).toBe(thumbnailUrl);
    });

    it('refuses a file that is not an image, storing nothing', async () => {
      const before = { files: await storedFiles(), reports: await reportCount() };
      const res = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', form(), { data: TEXT_PRETENDING_TO_BE_JPEG, name: 'photo.jpg', type: 'image/jpeg' });
      expect(res.status).toBe(415);
      expect(res.body.message).toBe(TEXTS.image.unsupported);
      expect(await storedFiles()).toEqual(before.files);
      expect(await reportCount()).toBe(before.reports);
    });

    it('refuses an image over 10 MB and a second file', async () => {
      const before = { files: await storedFiles(), reports: await reportCount() };
      const big = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', form(), {
        data: oversizedJpeg(LIMITS.imageMaxBytes + 1),
        name: 'big.jpg',
        type: 'image/jpeg',
      });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe(TEXTS.image.tooLarge);

      const entries: Array<[string, string]> = [['title', '二枚'], ['isDraft', 'true']];
      const formData = new FormData();
      for (const [k, v] of entries) formData.append(k, v);
      const png = new Blob([new Uint8Array(await plainPng())], { type: 'image/png' });
      formData.append('mainImage', png, 'a.png');
      formData.append('mainImage', png, 'b.png');
      const two = await fetch(`${app.baseUrl}/api/reports`, {
        method: 'POST',
        body: formData,
        headers: { cookie: `hiraku_access=${author.client.cookie('hiraku_access')}; XSRF-TOKEN=${author.client.cookie('XSRF-TOKEN')}`, 'X-XSRF-TOKEN': author.client.cookie('XSRF-TOKEN') ?? '' },
      });
      expect(two.status).toBe(400);
      expect(((await two.json()) as ErrorBody).message).toBe(TEXTS.report.tooManyImages);
      expect(await storedFiles()).toEqual(before.files);
      expect(await reportCount()).toBe(before.reports);
    });

    it('stores no file when the rest of the form is refused after the image was decoded', async () => {
      const before = await storedFiles();
      const res = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', form({ gender: tags.role[0]?.id ?? 0 }), {
        data: await plainPng(),
        name: 'a.png',
        type: 'image/png',
      });
      expect(res.status).toBe(400);
      expect(await storedFiles()).toEqual(before);
    });

    it('treats an empty file part as "no image"', async () => {
      const res = await create(form(), author.client, { data: Buffer.alloc(0), name: '', type: 'application/octet-stream' });
      expect(res.status).toBe(201);
      expect(res.body.report.mainImageUrl).toBeNull();
    });
  });

  describe('updating and deleting', () => {
    it('lets the author edit, replace the image (old files removed) and unpublish', async () => {
      const created = await create(form(), author.client, { data: await plainPng(), name: 'a.png', type: 'image/png' });
      const id = created.body.report._id;
      const oldFiles = [fileOfUrl(created.body.report.mainImageUrl ?? ''), fileOfUrl(created.body.report.thumbnailUrl ?? '')];
      const firstPublishedAt = created.body.report.publishedAt;

      const edited = await update(id, form({ title: '改訂版', tools: [], playContents: [tags.playContent[2]?.id ?? 0] }), author.client, {
        data: await plainPng(800, 600, { r: 1, g: 2, b: 3 }),
        name: 'b.png',
        type: 'image/png',
      });
      expect(edited.status).toBe(200);
      expect(edited.body.message).toBe(TEXTS.report.updated);
      expect(edited.body.report).toMatchObject({ title: '改訂版', tools: [], playContents: [{ _id: tags.playContent[2]?.id }], publishedAt: firstPublishedAt });
      expect(edited.body.report.mainImageUrl).not.toBe(created.body.report.mainImageUrl);
      for (const file of oldFiles) await expect(fs.stat(file)).rejects.toThrow();
      await expect(fs.stat(fileOfUrl(edited.body.report.mainImageUrl ?? ''))).resolves.toBeTruthy();

      const unpublished = await update(id, form({ title: '改訂版', isDraft: true }));
      expect(unpublished.status).toBe(200);
      expect(unpublished.body.report).toMatchObject({ isDraft: true, publishedAt: null });
      // No new image sent: the current one stays.
      expect(unpublished.body.report.mainImageUrl).toBe(edited.body.report.mainImageUrl);
      expect((await models.Report.findByPk(id))?.listed).toBe(false);
      expect((await other.client.get(`/api/reports/${id}`)).status).toBe(404);
      expect((await outboxFor(id)).map((entry) => entry.operation)).toEqual(['upsert', 'upsert', 'upsert']);

      const removed = await update(id, { ...form({ isDraft: true }), removeMainImage: true });
      expect(removed.body.report.mainImageUrl).toBeNull();
      await expect(fs.stat(fileOfUrl(edited.body.report.mainImageUrl ?? ''))).rejects.toThrow();
    });

    it("refuses another member's edit and delete and changes nothing", async () => {
      const created = await create(form({ title: '私のレポート' }));
      const id = created.body.report._id;
      const outboxBefore = (await outboxFor(id)).length;

      const edit = await update(id, form({ title: '乗っ取り' }), other.client);
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe(TEXTS.report.notAuthor);
      const del = await other.client.delete<ErrorBody>(`/api/reports/${id}`);
      expect(del.status).toBe(403);
      expect(del.body.message).toBe(TEXTS.report.notAuthor);
      // Operators hide content; they never edit members' words (docs/decisions.md).
      expect((await update(id, form({ title: '運営の編集' }), operator.client)).status).toBe(403);

      const row = await models.Report.findByPk(id);
      expect(row?.title).toBe('私のレポート');
      expect((await outboxFor(id)).length).toBe(outboxBefore);
    });

    it("answers 404, not 403, for another member's draft", async () => {
      const draft = await create(form({ isDraft: true }));
      const res = await update(draft.body.report._id, form(), other.client);
      expect(res.status).toBe(404);
      expect((await other.client.delete(`/api/reports/${draft.body.report._id}`)).status).toBe(404);
    });

    it('deletes the report, its images and its search document', async () => {
      const created = await create(form(), author.client, { data: await plainPng(), name: 'a.png', type: 'image/png' });
      const id = created.body.report._id;
      const res = await author.client.delete<{ message: string }>(`/api/reports/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: TEXTS.report.deleted });
      expect(await models.Report.findByPk(id)).toBeNull();
      await expect(fs.stat(fileOfUrl(created.body.report.mainImageUrl ?? ''))).rejects.toThrow();
      await expect(fs.stat(fileOfUrl(created.body.report.thumbnailUrl ?? ''))).rejects.toThrow();
      expect((await outboxFor(id)).map((entry) => entry.operation)).toEqual(['upsert', 'delete']);
      expect((await author.client.get(`/api/reports/${id}`)).status).toBe(404);
      expect((await author.client.delete(`/api/reports/${id}`)).status).toBe(404);
    });

    it('keeps the old image when an update is refused', async () => {
      const created = await create(form(), author.client, { data: await plainPng(), name: 'a.png', type: 'image/png' });
      const before = await storedFiles();
      const res = await update(created.body.report._id, form({ role: tags.gender[0]?.id ?? 0 }), author.client, { data: await plainPng(), name: 'b.png', type: 'image/png' });
      expect(res.status).toBe(400);
      expect(await storedFiles()).toEqual(before);
      expect((await models.Report.findByPk(created.body.report._id))?.mainImageKey).toBe(created.body.report.mainImageUrl?.replace('/media/', ''));
    });
  });

  describe('visibility', () => {
    it('hides a hidden report from members but not from its author or operators', async () => {
      const report = await createReport({ author: author.user, hiddenAt: new Date(), listed: false });
      const forOther = await other.client.get<ErrorBody>(`/api/reports/${report.id}`);
      expect(forOther.status).toBe(404);
      const forAuthor = await author.client.get<ReportDetail>(`/api/reports/${report.id}`);
      expect(forAuthor.status).toBe(200);
      expect(forAuthor.body.isHidden).toBe(true);
      expect((await operator.client.get<ReportDetail>(`/api/reports/${report.id}`)).status).toBe(200);
    });

    it("hides a suspended member's reports", async () => {
      const suspended = await createUser({ suspendedAt: new Date() });
      const report = await createReport({ author: suspended, listed: false });
      expect((await other.client.get(`/api/reports/${report.id}`)).status).toBe(404);
      const list = await other.client.get<ReportListItem[]>(`/api/reports?publicId=${suspended.publicId}`);
      expect(list.body).toEqual([]);
    });

    it("lists a member's published reports by public id, newest first", async () => {
      const member = await createUser();
      const first = await createReport({ author: member, createdAt: new Date(Date.now() - 60_000) });
      const second = await createReport({ author: member });
      await createReport({ author: member, isDraft: true });
      const res = await other.client.get<ReportListItem[]>(`/api/reports?publicId=${member.publicId}`);
      expect(res.status).toBe(200);
      expect(res.body.map((item) => item._id)).toEqual([second.id, first.id]);
      expect(res.body[0]).toEqual({
        _id: second.id,
        title: second.title,
        description: second.description,
        thumbnailUrl: null,
        image: null,
        likeCount: 0,
        createdAt: second.createdAt.toISOString(),
        authorData: { username: member.profile.username, iconUrl: null, publicId: member.publicId },
        warnings: [],
        warningOther: null,
      });
    });

    it('answers unknown members, missing ids and malformed ids clearly', async () => {
      const unknown = await other.client.get<ErrorBody>('/api/reports?publicId=nobody-here');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(TEXTS.profile.memberNotFound);
      const missing = await other.client.get<ErrorBody>('/api/reports');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(TEXTS.report.publicIdRequired);
      expect((await other.client.get('/api/reports/abc')).status).toBe(404);
      expect((await other.client.get('/api/reports/99999999')).status).toBe(404);
    });

    it('cuts long feelings in list items', async () => {
      const long = 'あ'.repeat(300);
      const report = await createReport({ description: long });
      const res = await other.client.get<ReportListItem[]>(`/api/reports?publicId=${(await models.User.findByPk(report.authorId))?.publicId}`);
      expect(res.body[0]?.description).toBe(`${'あ'.repeat(100)}…`);
    });
  });
});
