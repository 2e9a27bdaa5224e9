import fs from 'node:fs/promises';
import path from 'node:path';
import { COOKIE_NAMES, TEXTS } from '@hiraku/shared';
import { QueryTypes } from 'sequelize';
import { issueOneTimeToken } from '../../commands/oneTimeTokens';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createReport, createTag, createUser } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { linkIn } from '../../../test/support/mailbox';
import { logIn, signedInMember, TEST_PASSWORD } from '../../../test/support/session';
import {
  AuditLog,
  Comment,
  Flag,
  ModerationCase,
  ContactEnquiry,
  DeletedAccount,
  Like,
  Profile,
  Report,
  SearchOutboxEntry,
  SearchQuery,
  User,
} from '../../models';

describe('DELETE /api/profile/deleteAccount', () => {
  let app: TestAppWithMail;
  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  const fileOf = (key: string) => path.join(app.dataDir, 'uploads', key);
  const exists = (file: string) => fs.access(file).then(() => true, () => false);
  async function storeImage(key: string): Promise<string> {
    await app.services.storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(await exists(fileOf(key))).toBe(true);
    return key;
  }

  /** Tables (and columns) with a foreign key to users, read from the schema so a new table cannot be missed. */
  async function columnsReferencingUsers(): Promise<Array<{ table: string; column: string }>> {
    return app.services.sequelize.query<{ table: string; column: string }>(
      `SELECT TABLE_NAME AS \`table\`, COLUMN_NAME AS \`column\` FROM information_schema.KEY_COLUMN_USAGE
       WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME = 'users'`,
      { type: QueryTypes.SELECT },
    );
  }

  async function rowsReferencing(userId: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const { table, column } of await columnsReferencingUsers()) {
      const [row] = await app.services.sequelize.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM \`${table}\` WHERE \`${column}\` = :userId`, {
        replacements: { userId },
        type: QueryTypes.SELECT,
      });
      counts[`${table}.${column}`] = Number(row?.n ?? 0);
    }
    return counts;
  }

  describe('refusals (nothing changes)', () => {
    let client: HttpClient;
    let userId: number;
    beforeAll(async () => {
      const signedIn = await signedInMember(app.baseUrl);
      client = signedIn.client;
      userId = signedIn.user.id;
    });

    it('needs a logged-in member', async () => {
      const res = await createHttpClient(app.baseUrl).delete('/api/profile/deleteAccount', { password: TEST_PASSWORD });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'authentication_required', message: TEXTS.common.unauthorized });
    });

    it('needs the password', async () => {
      const res = await client.delete('/api/profile/deleteAccount', {});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'validation_error', message: TEXTS.account.passwordRequired, fields: { password: TEXTS.account.passwordRequired } });
      expect(await User.count({ where: { id: userId } })).toBe(1);
    });

    it('refuses a wrong password and keeps the account and the session', async () => {
      const res = await client.delete('/api/profile/deleteAccount', { password: 'not-my-password-1' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'validation_error', message: TEXTS.account.wrongPassword, fields: { password: TEXTS.account.wrongPassword } });
      expect(await User.count({ where: { id: userId } })).toBe(1);
      expect(await DeletedAccount.count({ where: { userId } })).toBe(0);
      expect((await client.get('/api/auth/me')).status).toBe(200);
    });
  });

  it('removes the member and all of theirs, fixes other members\u2019 counts, queues the search changes, and frees the address', async () => {
    const { client, user: leaving } = await signedInMember(app.baseUrl);
    const other = await createUser();
    const third = await createUser();
    const tag = await createTag();

    // The leaving member's things: an icon, a published report with images, a draft with images.
    const iconKey = await storeImage('icons/leaving-icon.webp');
    await Profile.update({ iconKey }, { where: { userId: leaving.id } });
    const published = await createReport({
      author: leaving,
      tools: [{ name: '麻縄', quantity: '2本' }],
      steps: ['声をかける', '結ぶ'],
      playContents: [tag],
      mainImageKey: await storeImage('reports/leaving-main.webp'),
      thumbnailKey: await storeImage('thumbs/leaving-thumb.webp'),
    });
    const draft = await createReport({
      author: leaving,
      isDraft: true,
      mainImageKey: await storeImage('reports/leaving-draft.webp'),
      thumbnailKey: await storeImage('thumbs/leaving-draft.webp'),
    });

    // Another member's report, liked and commented on by the leaving member (and by others).
    const othersImage = await storeImage('reports/other-main.webp');
    const othersReport = await createReport({ author: other, mainImageKey: othersImage });
    await Like.bulkCreate([
      { reportId: othersReport.id, userId: leaving.id },
      { reportId: othersReport.id, userId: third.id },
      { reportId: published.id, userId: other.id },
    ]);
    const leavingComment = await Comment.create({ reportId: othersReport.id, authorId: leaving.id, text: '参考になりました' });
    const othersComment = await Comment.create({ reportId: othersReport.id, authorId: other.id, text: 'ありがとうございます' });
    await Comment.create({ reportId: published.id, authorId: third.id, text: '素敵なレポートです' });
    await Report.update({ likeCount: 2, commentCount: 2 }, { where: { id: othersReport.id } });
    const othersCase = await ModerationCase.create({
      type: 'comment', targetType: 'comment', targetId: othersComment.id, authorId: other.id, category: 'other', priority: 7, status: 'open', openSlot: 1, openedAt: new Date(), dueAt: new Date(),
    });
    const leavingCase = await ModerationCase.create({
      type: 'comment', targetType: 'comment', targetId: leavingComment.id, authorId: leaving.id, category: 'other', priority: 7, status: 'open', openSlot: 1, openedAt: new Date(), dueAt: new Date(),
    });
    await Flag.bulkCreate([
      { caseId: othersCase.id, flaggerId: leaving.id, category: 'other' },
      { caseId: leavingCase.id, flaggerId: third.id, category: 'other' },
    ]);
    await SearchQuery.bulkCreate([
      { userId: leaving.id, query: '緊縛' },
      { userId: third.id, query: '緊縛' },
    ]);
    await ContactEnquiry.create({ userId: leaving.id, category: 'その他', content: '質問です' });
    await AuditLog.create({ actorId: leaving.id, action: 'test', targetType: 'report', targetId: String(othersReport.id) });
    await issueOneTimeToken(app.services.models, leaving.id, 'reset_password');
    const otherDevice = createHttpClient(app.baseUrl);
    await logIn(otherDevice, leaving.email, leaving.password);

    const before = await rowsReferencing(leaving.id);
    // Sanity: the fixture really touches every kind of row the deletion must clear.
    for (const key of ['profiles.user_id', 'reports.author_id', 'likes.user_id', 'comments.author_id', 'flags.flagger_id', 'refresh_tokens.user_id', 'one_time_tokens.user_id', 'search_queries.user_id', 'contact_enquiries.user_id', 'audit_logs.actor_id']) {
      expect(before[key]).toBeGreaterThan(0);
    }

    const res = await client.delete('/api/profile/deleteAccount', { password: leaving.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.account.deleteSucceeded });
    expect(client.cookie(COOKIE_NAMES.access)).toBeUndefined();
    expect(res.setCookies.some((line) => line.startsWith(`${COOKIE_NAMES.refresh}=;`) && line.includes('path=/api/auth'))).toBe(true);

    // Nothing anywhere still points at the member, and the e-mail address is gone.
    const after = await rowsReferencing(leaving.id);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(10);
    expect(await User.count({ where: { email: leaving.email } })).toBe(0);
    expect(await Report.count({ where: { id: [published.id, draft.id] } })).toBe(0);
    for (const table of ['report_tools', 'report_steps', 'report_tags', 'likes', 'comments']) {
      const [row] = await app.services.sequelize.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE report_id IN (:ids)`, {
        replacements: { ids: [published.id, draft.id] },
        type: QueryTypes.SELECT,
      });
      expect([table, Number(row?.n)]).toEqual([table, 0]);
    }
    // Other members' rows stay.
    expect(await SearchQuery.count({ where: { userId: third.id } })).toBe(1);
    expect(await Comment.count({ where: { id: othersComment.id } })).toBe(1);
    // The enquiry may hold an e-mail address the member typed, so it leaves with the account.
    expect(await ContactEnquiry.count({ where: { content: '質問です' } })).toBe(0);

    const record = await DeletedAccount.findAll({ where: { userId: leaving.id } });
    expect(record).toHaveLength(1);
    expect(Math.abs((record[0]?.deletedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    // The other member's counters no longer include the leaving member's like and comment.
    await othersReport.reload();
    expect(othersReport.likeCount).toBe(1);
    expect(othersReport.commentCount).toBe(1);

    const outbox = await SearchOutboxEntry.findAll({ where: { aggregateType: 'report' }, order: [['id', 'ASC']] });
    expect(outbox.map((e) => [e.aggregateId, e.operation]).sort()).toEqual(
      [
        [String(othersReport.id), 'upsert'],
        [String(published.id), 'delete'],
        [String(draft.id), 'delete'],
      ].sort(),
    );

    // Every image of theirs is gone from disk; the other member's stays.
    for (const key of [iconKey, 'reports/leaving-main.webp', 'thumbs/leaving-thumb.webp', 'reports/leaving-draft.webp', 'thumbs/leaving-draft.webp']) {
      expect([key, await exists(fileOf(key))]).toEqual([key, false]);
    }
    expect(await exists(fileOf(othersImage))).toBe(true);

    // Every session ended, on every device.
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    expect((await otherDevice.post('/api/auth/refresh')).status).toBe(401);
    expect((await createHttpClient(app.baseUrl).post('/api/auth/login', { email: leaving.email, password: leaving.password })).status).toBe(401);

    // The address can start again from scratch.
    const mailsBefore = await app.mails();
    const again = await createHttpClient(app.baseUrl).post('/api/signup', { email: leaving.email, password: TEST_PASSWORD, agreedToTerms: true });
    expect(again.status).toBe(201);
    const mail = await app.nextMailTo(leaving.email, { seen: mailsBefore });
    expect(linkIn(mail, '/verify-email').searchParams.get('token')).toBeTruthy();
    const reborn = await User.findOne({ where: { email: leaving.email } });
    expect(reborn?.id).not.toBe(leaving.id);
    expect(reborn?.publicId).not.toBe(leaving.publicId);
    expect(reborn?.emailVerifiedAt).toBeNull();
    expect(await Profile.count({ where: { userId: reborn?.id } })).toBe(0);
  });
});
