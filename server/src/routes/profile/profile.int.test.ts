import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import {
  COOKIE_NAMES,
  LIMITS,
  TEXTS,
  endpointPath,
  XSRF_HEADER,
  type DashboardStats,
  type ErrorBody,
  type ProfileSavedResponse,
  type PublicProfile,
} from '@hiraku/shared';
import sharp from 'sharp';
import { createReport, createUser } from '../../../test/factories';
import type { HttpClient } from '../../../test/support/httpClient';
import { createHttpClient } from '../../../test/support/httpClient';
import {
  EXIF_MARKERS,
  exifHasGpsDirectory,
  gifHeaderLie,
  jpegWithGps,
  oversizedJpeg,
  plainPng,
  pngBomb,
  SVG_IMAGE,
  TEXT_PRETENDING_TO_BE_JPEG,
} from '../../../test/support/images';
import { postMultipart, sessionCookieHeader, type UploadFile } from '../../../test/support/multipart';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import type { Tag } from '../../models';
import { seedTaxonomy } from '../../seed/taxonomy';

describe('profile API', () => {
  let app: TestApp;
  let tags: { gender: Tag[]; sexualOrientation: Tag[]; role: Tag[] };

  beforeAll(async () => {
    // Every test logs in a member or two; the per-IP login limit is not what is tested here.
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    const byKey = async (key: string) => {
      const category = await app.services.models.Category.findOne({ where: { key } });
      return app.services.models.Tag.findAll({ where: { categoryId: category?.id ?? -1 }, order: [['sortOrder', 'ASC']] });
    };
    tags = { gender: await byKey('gender'), sexualOrientation: await byKey('sexualOrientation'), role: await byKey('role') };
    expect(tags.gender.length).toBeGreaterThan(1);
    expect(tags.role.length).toBeGreaterThan(1);
  });
  afterAll(() => app?.close());

  const uploadsDir = () => path.join(app.dataDir, 'uploads');

  /** Every file under the uploads folder, as paths relative to it. */
  async function storedFiles(): Promise<string[]> {
    const entries = await fs.readdir(uploadsDir(), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)))
      .sort();
  }

  const keyOf = (iconUrl: string | null) => (iconUrl ? iconUrl.replace(/^\/media\//, '') : null);

  const saveProfile = (client: HttpClient, fields: Record<string, string>, icon?: UploadFile) =>
    postMultipart<ProfileSavedResponse & ErrorBody>(client, endpointPath('profile.save'), fields, icon ? { icon } : {});

  const validFields = (overrides: Record<string, string> = {}) => ({
    username: '縄好きのあや',
    gender: String(tags.gender[1]?.id),
    sexualOrientation: String(tags.sexualOrientation[0]?.id),
    role: String(tags.role[2]?.id),
    twitterId: '@aya_rope',
    ...overrides,
  });

  const jpegIcon = async (): Promise<UploadFile> => ({ data: await jpegWithGps(), name: 'IMG_0001.JPG', type: 'image/jpeg' });

  it('asks for a login on every own-profile call', async () => {
    const anonymous = createHttpClient(app.baseUrl);
    for (const url of [endpointPath('profile.own'), endpointPath('profile.check'), endpointPath('profile.dashboardStats')]) {
      const res = await anonymous.get<ErrorBody>(url);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(TEXTS.common.unauthorized);
    }
    const res = await saveProfile(anonymous, validFields());
    expect(res.status).toBe(401);
  });

  it('creates a profile with an icon whose stored file carries no EXIF or GPS, and reads it back', async () => {
    const { client, user } = await signedInMember(app.baseUrl, { profile: null });
    expect((await client.get(endpointPath('profile.own'))).status).toBe(404);
    expect((await client.get(endpointPath('profile.check'))).body).toEqual({ hasProfile: false });

    const original = await jpegWithGps();
    expect(exifHasGpsDirectory((await sharp(original).metadata()).exif)).toBe(true);

    const res = await saveProfile(client, validFields(), { data: original, name: 'IMG_0001.JPG', type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEXTS.profile.saved);
    const profile = res.body.profile;
    expect(profile).toEqual({
      username: '縄好きのあや',
      publicId: user.publicId,
      iconUrl: expect.stringMatching(/^\/media\/icons\/[0-9a-f-]{36}\.webp$/),
      gender: { _id: tags.gender[1]?.id, name: tags.gender[1]?.name },
      sexualOrientation: { _id: tags.sexualOrientation[0]?.id, name: tags.sexualOrientation[0]?.name },
      role: { _id: tags.role[2]?.id, name: tags.role[2]?.name },
      twitterId: 'aya_rope',
    });

    // The file as stored: a 160x160 WebP with no EXIF block, no GPS and none of the camera's strings.
    const stored = await fs.readFile(path.join(uploadsDir(), keyOf(profile.iconUrl) ?? ''));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: LIMITS.iconSize, height: LIMITS.iconSize });
    expect(metadata.exif).toBeUndefined();
    expect(exifHasGpsDirectory(metadata.exif)).toBe(false);
    for (const marker of Object.values(EXIF_MARKERS)) expect(stored.includes(Buffer.from(marker))).toBe(false);

    // What a browser gets from the icon URL is that same file.
    const served = await fetch(`${app.baseUrl}${profile.iconUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);

    expect((await client.get(endpointPath('profile.check'))).body).toEqual({ hasProfile: true });
    const own = await client.get<PublicProfile>(endpointPath('profile.own'));
    expect(own.status).toBe(200);
    expect(own.body).toEqual(profile);
  });

  it('replaces the icon and deletes the old file; saving without a file keeps the icon', async () => {
    const { client } = await signedInMember(app.baseUrl, { profile: null });
    const first = await saveProfile(client, validFields(), await jpegIcon());
    const firstKey = keyOf(first.body.profile.iconUrl) ?? '';
    expect(await storedFiles()).toContain(firstKey);

    const second = await saveProfile(client, validFields(), { data: await plainPng(500, 500), name: 'new.png', type: 'image/png' });
    expect(second.status).toBe(200);
    const secondKey = keyOf(second.body.profile.iconUrl) ?? '';
    expect(secondKey).not.toBe(firstKey);
    const files = await storedFiles();
    expect(files).toContain(secondKey);
    expect(files).not.toContain(firstKey);
    expect((await fetch(`${app.baseUrl}${first.body.profile.iconUrl}`)).status).toBe(404);

    const third = await saveProfile(client, validFields({ username: 'あや' }));
    expect(third.status).toBe(200);
    expect(third.body.profile.iconUrl).toBe(second.body.profile.iconUrl);
    expect(await storedFiles()).toContain(secondKey);
  });

  describe('refuses files that are not acceptable images, stores nothing and changes nothing', () => {
    const cases: Array<[string, () => Promise<UploadFile> | UploadFile, number, string]> = [
      ['a text file named .jpg', () => ({ data: TEXT_PRETENDING_TO_BE_JPEG, name: 'photo.jpg', type: 'image/jpeg' }), 415, TEXTS.image.unsupported],
      ['an SVG', () => ({ data: SVG_IMAGE, name: 'icon.svg', type: 'image/svg+xml' }), 415, TEXTS.image.unsupported],
      ['a file over 10 MB', () => ({ data: oversizedJpeg(LIMITS.imageMaxBytes + 1), name: 'huge.jpg', type: 'image/jpeg' }), 413, TEXTS.image.tooLarge],
      ['a PNG claiming 20000x20000 pixels', () => ({ data: pngBomb(), name: 'bomb.png', type: 'image/png' }), 400, TEXTS.image.tooManyPixels],
      ['a GIF whose 1x1 header hides a 20000x20000 frame', () => ({ data: gifHeaderLie(), name: 'lie.gif', type: 'image/gif' }), 400, TEXTS.image.tooManyPixels],
    ];

    it.each(cases)('%s', async (_name, file, status, message) => {
      const { client, user } = await signedInMember(app.baseUrl, { profile: { username: '元の名前' } });
      const before = await storedFiles();
      const res = await saveProfile(client, validFields({ username: '新しい名前' }), await file());
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await storedFiles()).toEqual(before);
      const profile = await app.services.models.Profile.findOne({ where: { userId: user.id } });
      expect(profile?.username).toBe('元の名前');
      expect(profile?.iconKey).toBeNull();
    });

    it('answers a body declared over the limit with 413 before it has been sent', async () => {
      const { client } = await signedInMember(app.baseUrl);
      await client.get('/api/auth/me');
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${app.baseUrl}${endpointPath('profile.save')}`, {
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(3 * LIMITS.imageMaxBytes),
            cookie: sessionCookieHeader(client),
            [XSRF_HEADER]: client.cookie(COOKIE_NAMES.xsrf) ?? '',
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        req.on('error', reject);
        // Only the first bytes of the 30 MB it announced: the answer must not wait for the rest.
        req.write('--x\r\n');
      });
      expect(answer.status).toBe(413);
      expect((JSON.parse(answer.body) as ErrorBody).message).toBe(TEXTS.image.tooLarge);
    });
  });

  it('only ever saves the signed-in member: ids in the body are ignored', async () => {
    const victim = await signedInMember(app.baseUrl, { profile: null });
    const saved = await saveProfile(victim.client, validFields({ username: '被害者' }), await jpegIcon());
    const victimKey = keyOf(saved.body.profile.iconUrl) ?? '';

    const attacker = await signedInMember(app.baseUrl, { profile: { username: '攻撃者' } });
    const res = await saveProfile(attacker.client, {
      ...validFields({ username: 'なりすまし' }),
      userId: String(victim.user.id),
      publicId: victim.user.publicId,
      id: String(victim.user.id),
    });
    expect(res.status).toBe(200);
    expect(res.body.profile.publicId).toBe(attacker.user.publicId);
    expect(res.body.profile.username).toBe('なりすまし');

    const victimProfile = await attacker.client.get<PublicProfile>(endpointPath('profile.public', { publicId: victim.user.publicId }));
    expect(victimProfile.body.username).toBe('被害者');

    const deletion = await attacker.client.post<ErrorBody>(endpointPath('profile.deleteImage'), { publicId: victim.user.publicId });
    expect(deletion.status).toBe(403);
    expect(deletion.body.message).toBe(TEXTS.profile.notOwnIcon);
    expect(await storedFiles()).toContain(victimKey);
  });

  it('deletes the own icon (file and key) on request, and again harmlessly', async () => {
    const { client, user } = await signedInMember(app.baseUrl, { profile: null });
    const saved = await saveProfile(client, validFields(), await jpegIcon());
    const key = keyOf(saved.body.profile.iconUrl) ?? '';
    expect(await storedFiles()).toContain(key);

    const res = await client.post<ProfileSavedResponse>(endpointPath('profile.deleteImage'), { publicId: user.publicId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEXTS.profile.iconDeleted);
    expect(res.body.profile.iconUrl).toBeNull();
    expect(await storedFiles()).not.toContain(key);
    expect((await app.services.models.Profile.findOne({ where: { userId: user.id } }))?.iconKey).toBeNull();

    expect((await client.post(endpointPath('profile.deleteImage'), { publicId: user.publicId })).status).toBe(200);
  });

  it('shows a profile to signed-in members, by public id only, without the e-mail address or anything private', async () => {
    const { client, user } = await signedInMember(app.baseUrl, { profile: null });
    await saveProfile(client, validFields({ username: '公開される名前' }), await jpegIcon());

    const viewer = (await signedInMember(app.baseUrl)).client;
    const res = await viewer.get<PublicProfile>(endpointPath('profile.public', { publicId: user.publicId }));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['gender', 'iconUrl', 'publicId', 'role', 'sexualOrientation', 'twitterId', 'username']);
    expect(res.body.username).toBe('公開される名前');
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain(user.email);
    expect(raw).not.toContain(String(user.passwordHash));

    expect(raw).not.toContain(`"${user.id}"`);
    expect(raw).not.toMatch(new RegExp(`:\\s*${user.id}[,}]`));

    // Internal member ids are not a way in: walking 1, 2, 3… must list no one.
    const byInternalId = await viewer.get<ErrorBody>(`/api/profile/${user.id}`);
    expect(byInternalId.status).toBe(404);
    expect(byInternalId.body.message).toBe(TEXTS.profile.notFound);
  });

  it('refuses visitors who are not signed in', async () => {
    const { user } = await signedInMember(app.baseUrl);
    const res = await createHttpClient(app.baseUrl).get<ErrorBody>(endpointPath('profile.public', { publicId: user.publicId }));
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain(user.profile.username);
  });

  it('does not show unknown or suspended members', async () => {
    const viewer = (await signedInMember(app.baseUrl)).client;
    const unknown = await viewer.get<ErrorBody>(endpointPath('profile.public', { publicId: 'nosuchmember' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TEXTS.profile.notFound);
    expect((await viewer.get(endpointPath('profile.public', { publicId: '../../etc' }))).status).toBe(404);

    const suspended = await createUser({ suspendedAt: new Date() });
    expect((await viewer.get(endpointPath('profile.public', { publicId: suspended.publicId }))).status).toBe(404);
    expect((await viewer.get(`/api/profile/${suspended.id}`)).status).toBe(404);

    const noProfile = await createUser({ profile: null });
    expect((await viewer.get(endpointPath('profile.public', { publicId: noProfile.publicId }))).status).toBe(404);
  });

  describe('validation', () => {
    const refused: Array<[string, Record<string, string>, string, string]> = [
      ['an empty username', { username: '' }, 'username', TEXTS.profile.usernameRequired],
      ['a username of spaces only', { username: ' \u3000 ' }, 'username', TEXTS.profile.usernameRequired],
      ['a username of 21 characters', { username: 'あ'.repeat(21) }, 'username', TEXTS.profile.usernameTooLong],
      ['a username with a line break', { username: 'あや\nさん' }, 'username', TEXTS.profile.usernameInvalidCharacters],
      ['an X id with a hyphen', { twitterId: 'aya-rope' }, 'twitterId', TEXTS.profile.twitterIdInvalid],
      ['an X id of 16 characters', { twitterId: 'a'.repeat(16) }, 'twitterId', TEXTS.profile.twitterIdInvalid],
      ['an X id in full-width letters', { twitterId: 'ａｙａ' }, 'twitterId', TEXTS.profile.twitterIdInvalid],
    ];

    it.each(refused)('refuses %s with a Japanese message and changes nothing', async (_name, overrides, field, message) => {
      const { client, user } = await signedInMember(app.baseUrl, { profile: { username: '元の名前', twitterId: 'original' } });
      const res = await saveProfile(client, validFields(overrides));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_error', message, fields: { [field]: message } });
      const profile = await app.services.models.Profile.findOne({ where: { userId: user.id } });
      expect(profile).toMatchObject({ username: '元の名前', twitterId: 'original' });
    });

    it('refuses a tag from the wrong category or one that does not exist', async () => {
      const { client, user } = await signedInMember(app.baseUrl, { profile: { username: '元の名前' } });
      const roleAsGender = await saveProfile(client, validFields({ gender: String(tags.role[0]?.id) }));
      expect(roleAsGender.status).toBe(400);
      expect(roleAsGender.body.message).toBe(TEXTS.profile.tagInvalid('gender'));
      expect(roleAsGender.body.fields).toEqual({ gender: TEXTS.profile.tagInvalid('gender') });

      const missing = await saveProfile(client, validFields({ role: '987654321' }));
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(TEXTS.profile.tagInvalid('role'));

      const garbage = await saveProfile(client, validFields({ sexualOrientation: 'abc' }));
      expect(garbage.status).toBe(400);
      expect(garbage.body.message).toBe(TEXTS.profile.tagInvalid('sexualOrientation'));

      expect((await app.services.models.Profile.findOne({ where: { userId: user.id } }))?.username).toBe('元の名前');
    });

    it('accepts 20 characters counted as a member counts them, trims the name and leaves empty fields unset', async () => {
      const { client } = await signedInMember(app.baseUrl, { profile: null });
      const twenty = '🐈'.repeat(10) + '縄'.repeat(10);
      const res = await saveProfile(client, { username: `  ${twenty}  `, gender: '', sexualOrientation: '', role: '', twitterId: '' });
      expect(res.status).toBe(200);
      expect(res.body.profile).toMatchObject({ username: twenty, gender: null, sexualOrientation: null, role: null, twitterId: null, iconUrl: null });
    });
  });

  it('also takes the fields as JSON, with tag ids as numbers', async () => {
    const { client } = await signedInMember(app.baseUrl, { profile: null });
    const res = await client.post<ProfileSavedResponse>(endpointPath('profile.save'), { username: 'ジェイソン', role: tags.role[0]?.id, twitterId: 'json_user' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ username: 'ジェイソン', role: { _id: tags.role[0]?.id }, gender: null, twitterId: 'json_user', iconUrl: null });
  });

  it('queues search updates for the published reports of a member who changes their name', async () => {
    const { client, user } = await signedInMember(app.baseUrl, { profile: { username: '旧名' } });
    const published = await createReport({ author: user });
    const draft = await createReport({ author: user, isDraft: true });
    const { SearchOutboxEntry } = app.services.models;
    const queuedFor = async (reportId: number) => SearchOutboxEntry.count({ where: { aggregateType: 'report', aggregateId: String(reportId), operation: 'upsert' } });

    expect((await saveProfile(client, validFields({ username: '旧名' }))).status).toBe(200);
    expect(await queuedFor(published.id)).toBe(0);

    expect((await saveProfile(client, validFields({ username: '新名' }))).status).toBe(200);
    expect(await queuedFor(published.id)).toBe(1);
    expect(await queuedFor(draft.id)).toBe(0);
  });

  it('counts all own reports (drafts too) and the likes on the published ones for the dashboard', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const other = await createUser();
    const fans = [await createUser(), await createUser()];
    const first = await createReport({ author: user });
    const second = await createReport({ author: user });
    const draft = await createReport({ author: user, isDraft: true });
    const notMine = await createReport({ author: other });
    const { Like } = app.services.models;
    await Like.bulkCreate([
      { reportId: first.id, userId: fans[0]!.id },
      { reportId: first.id, userId: fans[1]!.id },
      { reportId: second.id, userId: fans[0]!.id },
      // A like left on a report that went back to draft does not count.
      { reportId: draft.id, userId: fans[0]!.id },
      { reportId: notMine.id, userId: fans[1]!.id },
    ]);

    const res = await client.get<DashboardStats>(endpointPath('profile.dashboardStats'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reportCount: 3, likesReceived: 3 });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a multipart save without the anti-forgery header and stores nothing', async () => {
    const { client } = await signedInMember(app.baseUrl, { profile: null });
    await client.get('/api/auth/me');
    const before = await storedFiles();
    const form = new FormData();
    form.append('username', '偽装');
    form.append('icon', new Blob([new Uint8Array(await jpegWithGps())], { type: 'image/jpeg' }), 'a.jpg');
    const res = await fetch(`${app.baseUrl}${endpointPath('profile.save')}`, {
      method: 'POST',
      body: form,
      headers: { cookie: sessionCookieHeader(client) },
    });
    expect(res.status).toBe(403);
    expect(await storedFiles()).toEqual(before);
    expect((await client.get(endpointPath('profile.check'))).body).toEqual({ hasProfile: false });
  });
});
