import { endpointPath, NOTIFICATION_KINDS, newReportFormValues, type AccountExport, type NotificationSettings } from '@hiraku/shared';
import { createReport } from '../../../test/factories';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';

/** Issue 39: the export holds what 設定 holds, the flags sent, the logins and the reports being written. */
describe(`GET ${endpointPath('account.export')}: what the account holds besides its content`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
  });
  afterAll(() => app.close());

  it('lists blocks, mutes, muted words, notification switches, sent flags, sessions and autosaves, made through the API', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const blocked = await signedInMember(app.baseUrl);
    const muted = await signedInMember(app.baseUrl);
    const flagged = await createReport({ title: '通報されるレポート' });

    expect((await client.post(`/api/blocks/${blocked.user.publicId}`)).status).toBe(200);
    expect((await client.post(`/api/mutes/${muted.user.publicId}`, {})).status).toBe(200);
    expect((await client.post('/api/muted-words', { word: '蝋燭', expiresIn: 'forever' })).status).toBe(201);
    const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, email: kind !== 'likes' }])) as NotificationSettings;
    expect((await client.put('/api/notifications/settings', settings)).status).toBe(200);
    const flag = await client.post('/api/flags', { targetType: 'report', targetId: flagged.id, category: 'spam', note: '宣伝ばかりです' });
    expect([flag.status, flag.body]).toEqual([200, expect.anything()]);
    const { imageConsent: _c, imageMosaic: _m, ...values } = { ...newReportFormValues(), title: '書きかけ' };
    expect((await client.post('/api/report-autosaves', { reportId: null, values })).status).toBe(201);

    const { status, body: data } = await client.get<AccountExport>(endpointPath('account.export'));
    expect(status).toBe(200);
    expect(data.blocks.map((row) => row.publicId)).toEqual([blocked.user.publicId]);
    expect(data.mutes.map((row) => [row.publicId, row.until])).toEqual([[muted.user.publicId, null]]);
    expect(data.mutedWords.map((row) => row.word)).toEqual(['蝋燭']);
    expect(data.notificationSettings).toEqual(settings);
    expect(data.sensitiveImages).toBe('blur');
    expect(data.twoFactorEnabledAt).toBeNull();
    expect(data.sentFlags).toEqual([expect.objectContaining({ targetType: 'report', targetId: flagged.id, category: 'spam', note: '宣伝ばかりです' })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toEqual({ device: expect.any(String), userAgent: expect.any(String), createdAt: expect.any(String), lastUsedAt: expect.any(String) });
    expect(data.reportAutosaves).toEqual([{ reportId: null, values, updatedAt: expect.any(String) }]);
    // Nothing of the other members beyond how the lists name them.
    expect(JSON.stringify(data)).not.toContain(blocked.user.email);
    expect(JSON.stringify(data)).not.toContain('totpSecret');
    expect(data.account.publicId).toBe(user.publicId);
  });
});
