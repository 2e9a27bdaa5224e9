import { TEXTS, type NotificationPage, type NotificationSettings, type ReportMutationResponse } from '@hiraku/shared';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/support/appWithMail';
import { openEventStream } from '../../test/support/eventStream';
import type { HttpClient } from '../../test/support/httpClient';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../../test/support/reports';
import { eventually } from '../../test/support/searchOutbox';
import { memberWithSession } from '../../test/support/session';
import { sqlDateTime } from '../db/connection';
import { seedTaxonomy } from '../seed/taxonomy';
import { sendDailyDigest } from './digest';
import { pendingNotificationWork } from './events';

const LINES = TEXTS.notification.lines;

/**
 * The notifications of follows (issue 36) on a real server and MariaDB: a followed member's new reports
 * (one notification per author and Japan day), a new follower, a request and its approval, each with its
 * switch in the app and in the digest, and kept away by mutes, blocks and what the member may see.
 */
describe('follow notifications', () => {
  let app: TestAppWithMail;
  let tags: SystemTags;

  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
  });
  afterAll(() => app?.close());

  const settled = () => eventually(async () => (await pendingNotificationWork(app.services.sequelize)) === 0, 10_000, 'the notification work to drain');
  const items = async (client: HttpClient) => {
    const res = await client.get<NotificationPage>('/api/notifications');
    expect(res.status).toBe(200);
    return res.body.items;
  };
  const unread = async (client: HttpClient) => (await client.get<{ count: number }>('/api/notifications/unread-count')).body.count;
  const follow = async (client: HttpClient, publicId: string) => {
    const res = await client.post<{ state: string }>(`/api/follows/members/${publicId}`);
    expect(res.status).toBe(200);
    return res.body.state;
  };
  const publish = async (client: HttpClient, title: string, overrides: Parameters<typeof publishableForm>[1] = {}) => {
    const res = await sendReportForm<ReportMutationResponse>(client, 'POST', '/api/reports', publishableForm(tags, { title, ...overrides }));
    expect(res.status).toBe(201);
    return res.body.report._id;
  };
  const switchKind = async (client: HttpClient, kind: keyof NotificationSettings, setting: { inApp: boolean; email: boolean }) => {
    const settings = (await client.get<NotificationSettings>('/api/notifications/settings')).body;
    expect((await client.put('/api/notifications/settings', { ...settings, [kind]: setting })).status).toBe(200);
  };

  it("tells followers of a new report, one notification per author and Japan day leading to the newest, not the author's drafts, nor a muting or non-following member", async () => {
    const author = await memberWithSession(app);
    const [reader, muter, stranger] = [await memberWithSession(app), await memberWithSession(app), await memberWithSession(app)];
    await follow(reader.client, author.user.publicId);
    await follow(muter.client, author.user.publicId);
    expect((await muter.client.post(`/api/mutes/${author.user.publicId}`, {})).status).toBeLessThan(300);
    await settled();

    const first = await publish(author.client, '一つ目');
    await settled();
    expect(await items(reader.client)).toEqual([
      expect.objectContaining({
        kind: 'followedReport',
        text: LINES.followedReport(author.user.profile.username, 1),
        actor: expect.objectContaining({ publicId: author.user.publicId }),
        link: `/reports/${first}`,
        read: false,
      }),
    ]);
    expect(LINES.followedReport(author.user.profile.username, 1)).toBe(`フォロー中の${author.user.profile.username}さんが新しいレポートを投稿しました`);
    expect(await items(muter.client)).toEqual([]);
    expect(await items(stranger.client)).toEqual([]);

    expect((await reader.client.post('/api/notifications/read', { all: true })).status).toBe(200);
    // A member who follows after the first report hears of the later ones only.
    const late = await memberWithSession(app);
    await follow(late.client, author.user.publicId);
    await publish(author.client, '下書き', { isDraft: true });
    const second = await publish(author.client, '二つ目');
    await settled();
    const renewed = await items(reader.client);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({ text: LINES.followedReport(author.user.profile.username, 2), link: `/reports/${second}`, read: false });
    expect(await unread(reader.client)).toBe(1);
    expect((await items(late.client)).map((item) => item.text)).toEqual([LINES.followedReport(author.user.profile.username, 1)]);
  });

  it('arrives live on the follower’s open stream', async () => {
    const author = await memberWithSession(app);
    const reader = await memberWithSession(app);
    await follow(reader.client, author.user.publicId);
    await settled();
    const stream = await openEventStream(reader.client);
    try {
      expect((await stream.next('unread')).data).toEqual({ count: 0 });
      await publish(author.client, 'ライブで届く');
      const event = await stream.next('notification', { timeoutMs: 5_000 });
      expect(event.data).toMatchObject({ kind: 'followedReport', text: LINES.followedReport(author.user.profile.username, 1) });
    } finally {
      stream.close();
    }
  });

  it('tells a member of new followers (gathered per day), of requests, and the requester of an approval, never of a decline', async () => {
    const followee = await memberWithSession(app);
    const [a, b] = [await memberWithSession(app), await memberWithSession(app)];
    await follow(a.client, followee.user.publicId);
    await follow(b.client, followee.user.publicId);
    await settled();
    expect(await items(followee.client)).toEqual([
      expect.objectContaining({ kind: 'newFollower', text: LINES.newFollower(b.user.profile.username, 1), actorCount: 2, link: '/settings' }),
    ]);
    // Following again after unfollowing the same day brings nothing new.
    expect((await a.client.delete(`/api/follows/members/${followee.user.publicId}`)).status).toBe(200);
    await follow(a.client, followee.user.publicId);
    await settled();
    expect((await items(followee.client)).map((item) => item.actorCount)).toEqual([2]);

    const locked = await memberWithSession(app);
    expect((await locked.client.put('/api/follows/settings', { approval: true })).status).toBe(200);
    const [asker, declined] = [await memberWithSession(app), await memberWithSession(app)];
    expect(await follow(asker.client, locked.user.publicId)).toBe('pending');
    expect(await follow(declined.client, locked.user.publicId)).toBe('pending');
    await settled();
    expect(await items(locked.client)).toEqual([
      expect.objectContaining({ kind: 'followRequest', text: LINES.followRequest(declined.user.profile.username, 1), link: '/settings' }),
    ]);
    expect((await locked.client.post(`/api/follows/requests/${asker.user.publicId}/approve`)).status).toBe(200);
    expect((await locked.client.post(`/api/follows/requests/${declined.user.publicId}/decline`)).status).toBe(200);
    await settled();
    expect(await items(asker.client)).toEqual([
      expect.objectContaining({
        kind: 'followApproved',
        text: LINES.followApproved(locked.user.profile.username),
        link: `/profile/${encodeURIComponent(locked.user.publicId)}`,
      }),
    ]);
    expect(await items(declined.client)).toEqual([]);
  });

  it("leaves a followers-only report's notification to approved followers, and takes it away when the follow ends", async () => {
    const locked = await memberWithSession(app);
    expect((await locked.client.put('/api/follows/settings', { approval: true })).status).toBe(200);
    const [follower, pending] = [await memberWithSession(app), await memberWithSession(app)];
    await follow(follower.client, locked.user.publicId);
    await follow(pending.client, locked.user.publicId);
    expect((await locked.client.post(`/api/follows/requests/${follower.user.publicId}/approve`)).status).toBe(200);
    await settled();
    await publish(locked.client, 'フォロワーだけに', { audience: 'followers' });
    await settled();
    expect((await items(follower.client)).map((item) => item.kind)).toEqual(['followedReport', 'followApproved']);
    expect(await items(pending.client)).toEqual([]);
    expect((await follower.client.delete(`/api/follows/members/${locked.user.publicId}`)).status).toBe(200);
    expect((await items(follower.client)).map((item) => item.kind)).toEqual(['followApproved']);
  });

  it('hides the notifications of a member muted or blocked afterwards', async () => {
    const followee = await memberWithSession(app);
    const fan = await memberWithSession(app);
    await follow(fan.client, followee.user.publicId);
    await settled();
    await publish(followee.client, 'ミュート前');
    await settled();
    expect((await items(fan.client)).map((item) => item.kind)).toEqual(['followedReport']);
    expect((await items(followee.client)).map((item) => item.kind)).toEqual(['newFollower']);
    expect((await fan.client.post(`/api/mutes/${followee.user.publicId}`, {})).status).toBeLessThan(300);
    expect(await items(fan.client)).toEqual([]);
    expect(await unread(fan.client)).toBe(0);
    expect((await followee.client.post(`/api/blocks/${fan.user.publicId}`, {})).status).toBeLessThan(300);
    expect(await items(followee.client)).toEqual([]);
  });

  it('has a switch per kind in the app and in the 20:00 digest', async () => {
    const author = await memberWithSession(app);
    const reader = await memberWithSession(app);
    await switchKind(author.client, 'newFollower', { inApp: false, email: true });
    await switchKind(reader.client, 'followedReport', { inApp: true, email: false });
    await follow(reader.client, author.user.publicId);
    await publish(author.client, 'まとめメールには載らない');
    await settled();
    expect(await items(author.client)).toEqual([]);
    expect((await items(reader.client)).map((item) => item.kind)).toEqual(['followedReport']);

    const { sequelize } = app.services;
    const away = sqlDateTime(sequelize, new Date(Date.now() - 48 * 3_600_000));
    for (const member of [author, reader]) {
      await sequelize.query('DELETE FROM notification_members WHERE user_id = ?', { replacements: [member.user.id] });
      await sequelize.query('INSERT INTO notification_members (user_id, last_seen_at) VALUES (?, ?)', { replacements: [member.user.id, away] });
    }
    const seen = await app.mails();
    const deps = { ...app.services, publicUrl: app.services.env.publicUrl };
    await sendDailyDigest(deps);
    // The author switched new followers off in the app only: the digest still tells them.
    const mail = await app.nextMailTo(author.user.email, { seen });
    expect(mail.text).toContain(LINES.newFollower(reader.user.profile.username, 0));
    await eventually(async () => {
      const [rows] = await sequelize.query('SELECT COUNT(*) AS n FROM mail_outbox');
      return Number((rows as Array<{ n: number }>)[0]?.n) === 0;
    }, 10_000, 'the mail outbox to drain');
    // The reader's only notification is of a kind they want in the app only: no digest for them.
    const sent = (await app.mails()).filter((entry) => !seen.some((old) => old.file === entry.file)).map((entry) => entry.to);
    expect(sent.filter((to) => to === author.user.email || to === reader.user.email)).toEqual([author.user.email]);
  });
});
