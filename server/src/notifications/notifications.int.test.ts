import { TEXTS, type NotificationItem, type NotificationPage, type NotificationSettings } from '@hiraku/shared';
import { createReport, createUser } from '../../test/factories';
import { openEventStream } from '../../test/support/eventStream';
import type { HttpClient } from '../../test/support/httpClient';
import { eventually } from '../../test/support/searchOutbox';
import { memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { signAccessToken, verifyAccessToken } from '../auth/accessToken';
import { COOKIE_NAMES } from '@hiraku/shared';
import { writeTransaction } from '../db/transaction';
import type { Models } from '../models';
import { notify } from './events';
import { pendingNotificationWork } from './events';

/**
 * Notifications end to end on a real server (issue 20): made by the worker after the write, grouped,
 * suppressed, read, withdrawn, and delivered live over the event stream.
 */
describe('notifications', () => {
  let app: TestApp;
  let models: Models;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    models = app.services.models;
  });
  afterAll(() => app?.close());

  /** Every queued notification event has been fanned out (the worker runs in the app). */
  const settled = () => eventually(async () => (await pendingNotificationWork(app.services.sequelize)) === 0, 10_000, 'the notification work to drain');
  const page = async (client: HttpClient, cursor?: string) => {
    const res = await client.get<NotificationPage>(`/api/notifications${cursor ? `?cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const unread = async (client: HttpClient) => (await client.get<{ count: number }>('/api/notifications/unread-count')).body.count;
  const comment = (client: HttpClient, reportId: number, text = '丁寧な記録をありがとうございます。') => client.post('/api/comments', { articleId: reportId, text });
  const like = (client: HttpClient, reportId: number) => client.post(`/api/likes/${reportId}/toggle`, { liked: true });

  async function author() {
    const member = await memberWithSession(app);
    const report = await createReport({ author: member.user });
    return { ...member, report };
  }

  it('tells the author of a comment on their report, not anyone for their own comment', async () => {
    const a = await author();
    const b = await memberWithSession(app);
    expect((await comment(b.client, a.report.id)).status).toBe(201);
    expect((await comment(a.client, a.report.id)).status).toBe(201);
    await settled();
    const { items } = await page(a.client);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'comment',
      text: TEXTS.notification.lines.comment(b.user.profile.username, a.report.title),
      actor: { publicId: b.user.publicId, username: b.user.profile.username },
      actorCount: 1,
      link: `/reports/${a.report.id}`,
      read: false,
    });
    expect(await unread(a.client)).toBe(1);
    expect((await page(b.client)).items).toEqual([]);
  });

  it('groups likes per report and day, newest liker first, counted once', async () => {
    const a = await author();
    const likers = [await memberWithSession(app), await memberWithSession(app), await memberWithSession(app)];
    for (const liker of likers) {
      expect((await like(liker.client, a.report.id)).status).toBe(200);
      await settled();
    }
    const { items } = await page(a.client);
    expect(items).toHaveLength(1);
    const newest = likers[2]!.user.profile.username;
    expect(items[0]).toMatchObject({ kind: 'likes', actorCount: 3, text: TEXTS.notification.lines.likes(newest, 2, a.report.title) });
    expect(await unread(a.client)).toBe(1);
    // A second report's likes are a group of their own.
    const other = await createReport({ author: a.user });
    await like(likers[0]!.client, other.id);
    await settled();
    expect((await page(a.client)).items.map((item) => item.actorCount)).toEqual([1, 3]);
    expect(await unread(a.client)).toBe(2);
  });

  it('fans out a batch of comments and likes queued together as one by one: a group per report, each liker once', async () => {
    const a = await author();
    const second = await createReport({ author: a.user });
    const [b, c, d] = [await memberWithSession(app), await memberWithSession(app), await memberWithSession(app)];
    // An earlier like of c's on the second report: the group exists before the batch and c is in it.
    await like(c.client, second.id);
    await settled();
    await models.Notification.update({ readAt: new Date() }, { where: { userId: a.user.id } });
    // One transaction, so the worker takes every row in one round.
    await writeTransaction(app.services.sequelize, async (transaction) => {
      for (const [member, reportId, text] of [
        [b, a.report.id, '一つ目のコメントです。'],
        [c, a.report.id, '二つ目のコメントです。'],
      ] as const) {
        const row = await models.Comment.create({ reportId, authorId: member.user.id, text }, { transaction });
        await notify(models, { kind: 'comment', commentId: row.id }, { transaction });
      }
      for (const [member, reportId] of [
        [b, a.report.id],
        [d, a.report.id],
        [b, second.id],
      ] as const) {
        await models.Like.create({ reportId, userId: member.user.id }, { transaction });
        await notify(models, { kind: 'like', reportId, likerId: member.user.id }, { transaction });
      }
      // Queued twice (liked, unliked and liked again before the worker came): one liker still.
      await notify(models, { kind: 'like', reportId: a.report.id, likerId: d.user.id }, { transaction });
      // c's like of the second report queued again: c is in that group already, so nothing new.
      await notify(models, { kind: 'like', reportId: second.id, likerId: c.user.id }, { transaction });
    });
    await settled();
    const { items } = await page(a.client);
    // Made in the same moment, so only what each says is compared, not their order.
    const summary = items.map((item) => ({ kind: item.kind, link: item.link, actorCount: item.actorCount, read: item.read }));
    expect(summary).toHaveLength(4);
    expect(summary).toEqual(
      expect.arrayContaining([
        { kind: 'likes', link: `/reports/${second.id}`, actorCount: 2, read: false },
        { kind: 'likes', link: `/reports/${a.report.id}`, actorCount: 2, read: false },
        { kind: 'comment', link: `/reports/${a.report.id}`, actorCount: 1, read: false },
      ]),
    );
    expect(items.filter((item) => item.kind === 'comment').map((item) => item.actor?.publicId).sort()).toEqual([b.user.publicId, c.user.publicId].sort());
    // The second report's group: b joined it after c, so b is its newest liker.
    expect(items.find((item) => item.link === `/reports/${second.id}`)?.actor?.publicId).toBe(b.user.publicId);
    expect(await unread(a.client)).toBe(4);
    expect(await models.Notification.count({ where: { userId: a.user.id } })).toBe(4);
  });

  it('keeps read state: ids, all, others\' ids change nothing, and new activity in a group makes it unread again', async () => {
    const a = await author();
    const b = await memberWithSession(app);
    const c = await memberWithSession(app);
    await comment(b.client, a.report.id);
    await like(b.client, a.report.id);
    await settled();
    const items = (await page(a.client)).items;
    expect(items).toHaveLength(2);
    const likes = items.find((item) => item.kind === 'likes') as NotificationItem;
    // Someone else's ids: nothing.
    expect((await c.client.post('/api/notifications/read', { ids: [likes.id] })).body).toEqual({ count: 0 });
    expect(await unread(a.client)).toBe(2);
    expect((await a.client.post('/api/notifications/read', { ids: [likes.id] })).body).toEqual({ count: 1 });
    expect((await page(a.client)).items.find((item) => item.id === likes.id)?.read).toBe(true);
    await like(c.client, a.report.id);
    await settled();
    const again = (await page(a.client)).items[0] as NotificationItem;
    expect(again).toMatchObject({ id: likes.id, read: false, actorCount: 2 });
    expect((await a.client.post('/api/notifications/read', { all: true })).body).toEqual({ count: 0 });
    expect(await unread(a.client)).toBe(0);
    const bad = await a.client.post('/api/notifications/read', { ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(TEXTS.notification.idsRequired);
  });

  it('pages the list with a cursor, newest first, without gaps or repeats', async () => {
    const a = await memberWithSession(app);
    const b = await memberWithSession(app);
    const reports = [];
    for (let i = 0; i < 23; i += 1) reports.push(await createReport({ author: a.user }));
    for (const report of reports) await comment(b.client, report.id);
    await settled();
    const first = await page(a.client);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(a.client, first.nextCursor ?? undefined);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const links = [...first.items, ...second.items].map((item) => item.link);
    expect(links).toEqual([...reports].reverse().map((report) => `/reports/${report.id}`));
    expect((await a.client.get('/api/notifications?cursor=nonsense')).status).toBe(400);
  });

  it('makes nothing for a suspended member\'s comment or like, nor for a like taken back before the worker came', async () => {
    const a = await author();
    const b = await memberWithSession(app);
    // The comment and the suspension commit together, so the worker always finds the member suspended.
    await writeTransaction(app.services.sequelize, async (transaction) => {
      const row = await models.Comment.create({ reportId: a.report.id, authorId: b.user.id, text: 'こんにちは' }, { transaction });
      await notify(models, { kind: 'comment', commentId: row.id }, { transaction });
      await models.Like.create({ reportId: a.report.id, userId: b.user.id }, { transaction });
      await notify(models, { kind: 'like', reportId: a.report.id, likerId: b.user.id }, { transaction });
      await models.User.update({ suspendedAt: new Date() }, { where: { id: b.user.id }, transaction });
    });
    const c = await memberWithSession(app);
    await writeTransaction(app.services.sequelize, (transaction) => notify(models, { kind: 'like', reportId: a.report.id, likerId: c.user.id }, { transaction }));
    await settled();
    expect((await page(a.client)).items).toEqual([]);
    expect(await models.Notification.count({ where: { userId: a.user.id } })).toBe(0);
  });

  it('makes nothing between members who block each other, nor from a member the recipient mutes while the mute lasts (issue 19)', async () => {
    const a = await author();
    const muted = await memberWithSession(app);
    const blocked = await memberWithSession(app);
    const blocking = await memberWithSession(app);
    const formerlyMuted = await memberWithSession(app);
    await models.Mute.create({ muterId: a.user.id, mutedId: muted.user.id, until: null });
    await models.Mute.create({ muterId: a.user.id, mutedId: formerlyMuted.user.id, until: new Date(Date.now() - 1000) });
    // A muted member may still comment (they notice nothing); the author just hears nothing of it.
    expect((await comment(muted.client, a.report.id)).status).toBe(201);
    expect((await like(muted.client, a.report.id)).status).toBe(200);
    // A block made after the comment was queued: the worker finds it and drops the notification, both ways.
    await writeTransaction(app.services.sequelize, async (transaction) => {
      for (const [member, block] of [
        [blocked, { blockerId: a.user.id, blockedId: blocked.user.id }],
        [blocking, { blockerId: blocking.user.id, blockedId: a.user.id }],
      ] as const) {
        const row = await models.Comment.create({ reportId: a.report.id, authorId: member.user.id, text: 'こんにちは' }, { transaction });
        await notify(models, { kind: 'comment', commentId: row.id }, { transaction });
        await models.Block.create(block, { transaction });
      }
    });
    expect((await comment(formerlyMuted.client, a.report.id)).status).toBe(201);
    await settled();
    const { items } = await page(a.client);
    expect(items.map((item) => [item.kind, item.actor?.publicId])).toEqual([['comment', formerlyMuted.user.publicId]]);
  });

  it('lets a deleted comment, a deleted report and a deleted account take their notifications with them', async () => {
    const a = await author();
    const b = await memberWithSession(app);
    const c = await memberWithSession(app);
    const posted = await comment(b.client, a.report.id);
    await like(c.client, a.report.id);
    const second = await createReport({ author: a.user });
    await comment(c.client, second.id);
    await settled();
    expect((await page(a.client)).items).toHaveLength(3);
    expect((await b.client.delete(`/api/comments/${(posted.body as { _id: number })._id}`)).status).toBe(200);
    expect((await page(a.client)).items.map((item) => item.kind).sort()).toEqual(['comment', 'likes']);
    // c leaves: their comment on the second report and the group of likes they alone were in go.
    const { deleteAccount } = await import('../commands/accountDeleter');
    await deleteAccount(app.services, c.user.id);
    expect((await page(a.client)).items).toEqual([]);
    // And a report's own notifications go with the report.
    await like(b.client, second.id);
    await settled();
    expect((await page(a.client)).items).toHaveLength(1);
    await second.destroy();
    expect((await page(a.client)).items).toEqual([]);
  });

  it('tells an author the decision on their content, the flaggers the outcome, and every member an announcement', async () => {
    const operator = await memberWithSession(app, { role: 'operator' });
    const a = await author();
    const b = await memberWithSession(app);
    const flaggers = [await memberWithSession(app), await memberWithSession(app), await memberWithSession(app)];
    const bad = await comment(b.client, a.report.id);
    const commentId = (bad.body as { _id: number })._id;
    for (const flagger of flaggers) expect((await flagger.client.post(`/api/comments/${commentId}/report`, { reason: 'spam' })).status).toBeLessThan(300);
    const flagged = await models.ModerationCase.findOne({ where: { type: 'comment', targetId: commentId, status: 'open' } });
    const resolved = await operator.client.post(`/api/moderation/cases/${flagged?.id ?? 0}/resolve`, { action: 'delete', reason: '嫌がらせ' });
    expect(resolved.status).toBe(200);
    expect((await operator.client.post(`/api/moderation/reports/${a.report.id}/hide`, { reason: '規約違反の疑い' })).status).toBe(200);
    await settled();
    const aItems = (await page(a.client)).items;
    // The comment notification went with the deleted comment; the hide decision stayed.
    expect(aItems.map((item) => item.kind)).toEqual(['decision']);
    expect(aItems[0]?.text).toBe(TEXTS.notification.lines.decision('非表示', 'レポート'));
    // The case's decision (issue 18's tellDecision) leads to its decision page, where the author may appeal.
    const bItems = (await page(b.client)).items;
    expect(bItems).toMatchObject([{ kind: 'decision', text: TEXTS.notification.lines.decision('削除', 'コメント') }]);
    expect(bItems[0]?.link).toMatch(/^\/decisions\/\d+$/);
    for (const flagger of flaggers) expect((await page(flagger.client)).items).toMatchObject([{ kind: 'flagOutcome', text: TEXTS.notification.lines.flagOutcome('対応しました', 'コメント') }]);
    // B appeals; the answer arrives as a notification too, leading to the same decision page.
    const caseId = Number(bItems[0]?.link?.split('/').at(-1));
    expect((await b.client.post('/api/appeals', { caseId, text: '誤解です。文脈を見てください。' })).status).toBe(201);
    const appeal = await models.ModerationCase.findOne({ where: { appealOfCaseId: caseId } });
    // Another operator reviews it: the one who decided may not (issue 38).
    const reviewer = await memberWithSession(app, { role: 'operator' });
    expect((await reviewer.client.post(`/api/moderation/cases/${appeal?.id ?? 0}/resolve`, { action: 'overturn', reason: '文脈を確認しました' })).status).toBe(200);
    await settled();
    expect((await page(b.client)).items[0]).toMatchObject({ kind: 'appeal', text: TEXTS.notification.lines.appeal('判断を取り消し', 'コメント'), link: `/decisions/${caseId}` });

    const suspended = await createUser({ suspendedAt: new Date() });
    const members = await models.User.count({ where: { suspendedAt: null } });
    const sent = await operator.client.post('/api/moderation/announcements', { title: 'メンテナンスのお知らせ', body: '今夜2時から30分止まります。' });
    expect(sent.status).toBe(201);
    expect((await b.client.post('/api/moderation/announcements', { title: 'x', body: 'y' })).status).toBe(403);
    await settled();
    expect(await models.Notification.count({ where: { kind: 'announcement' } })).toBe(members);
    expect(await models.Notification.count({ where: { kind: 'announcement', userId: suspended.id } })).toBe(0);
    expect((await page(b.client)).items[0]).toMatchObject({ kind: 'announcement', text: TEXTS.notification.lines.announcement('メンテナンスのお知らせ'), body: '今夜2時から30分止まります。' });
  });

  it('leaves out kinds a member switched off in the app, and keeps their settings', async () => {
    const a = await author();
    const b = await memberWithSession(app);
    const settings = (await a.client.get<NotificationSettings>('/api/notifications/settings')).body;
    expect(settings.comment).toEqual({ inApp: true, email: true });
    const saved = await a.client.put<NotificationSettings>('/api/notifications/settings', { ...settings, comment: { inApp: false, email: true } });
    expect(saved.status).toBe(200);
    expect(saved.body.comment).toEqual({ inApp: false, email: true });
    await comment(b.client, a.report.id);
    await like(b.client, a.report.id);
    await settled();
    expect((await page(a.client)).items.map((item) => item.kind)).toEqual(['likes']);
    expect(await unread(a.client)).toBe(1);
    expect((await a.client.put('/api/notifications/settings', { comment: { inApp: false } })).status).toBe(400);
  });

  describe('the stream', () => {
    it('sends the unread count at once, then a comment within a second of its answer', async () => {
      const a = await author();
      const b = await memberWithSession(app);
      const stream = await openEventStream(a.client);
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(stream.headers.get('x-accel-buffering')).toBe('no');
        expect((await stream.next('unread')).data).toEqual({ count: 0 });
        const posted = await comment(b.client, a.report.id);
        const answeredAt = performance.now();
        expect(posted.status).toBe(201);
        const event = await stream.next('notification', { timeoutMs: 1_000 });
        expect(event.at - answeredAt).toBeLessThan(1_000);
        expect(event.data).toMatchObject({ kind: 'comment', actor: { publicId: b.user.publicId } });
        expect(Number(event.id)).toBeGreaterThan(0);
        expect((await stream.next('unread', { after: 1 })).data).toEqual({ count: 1 });
        // Read on another device: the bell follows.
        await a.client.post('/api/notifications/read', { all: true });
        expect((await stream.next('unread', { after: 2 })).data).toEqual({ count: 0 });
      } finally {
        stream.close();
      }
    });

    it('resumes after Last-Event-ID with what it missed, and nothing twice', async () => {
      const a = await author();
      const b = await memberWithSession(app);
      const first = await openEventStream(a.client);
      await first.next('unread');
      await comment(b.client, a.report.id, '一つ目');
      const seen = await first.next('notification');
      first.close();
      await first.ended;
      const other = await createReport({ author: a.user });
      await comment(b.client, other.id, '二つ目');
      await like(b.client, other.id);
      await settled();
      const resumed = await openEventStream(a.client, undefined, { 'last-event-id': String(seen.id) });
      try {
        await resumed.next('unread');
        const missed = resumed.events.filter((event) => event.event === 'notification');
        expect(missed.map((event) => (event.data as NotificationItem).kind)).toEqual(['comment', 'likes']);
        expect(missed.every((event) => Number(event.id) > Number(seen.id))).toBe(true);
      } finally {
        resumed.close();
      }
    });

    it('closes with a refresh event when the access token runs out', async () => {
      const a = await memberWithSession(app);
      const claims = verifyAccessToken(a.client.cookie(COOKIE_NAMES.access) ?? '', app.services.sessionKey);
      if (!claims) throw new Error('no access token');
      a.client.setCookie(COOKIE_NAMES.access, signAccessToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 }, app.services.sessionKey), '/');
      const stream = await openEventStream(a.client);
      await stream.next('unread');
      const refresh = await stream.next('refresh', { timeoutMs: 5_000 });
      expect(refresh.data).toEqual({ reason: 'expired' });
      await stream.ended;
      expect(stream.events.at(-1)?.event).toBe('refresh');
    });

    it('refuses a caller without a session with 401 JSON, not a stream', async () => {
      const { createHttpClient } = await import('../../test/support/httpClient');
      const res = await createHttpClient(app.baseUrl).get('/api/notifications/stream');
      expect(res.status).toBe(401);
    });
  });
});
