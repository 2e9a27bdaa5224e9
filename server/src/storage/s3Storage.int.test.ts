import { endpointPath, type ProfileSavedResponse } from '@hiraku/shared';
import sharp from 'sharp';
import { jpegWithGps, plainPng } from '../../test/support/images';
import { postMultipart, type UploadFile } from '../../test/support/multipart';
import { S3RVER_CREDENTIALS, startTestS3Server, type TestS3Server } from '../../test/support/s3Server';
import { signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { parseEnv } from '../env';
import { createStorage } from './createStorage';
import { createS3Storage, type S3Storage } from './s3Storage';
import { IMMUTABLE_CACHE_CONTROL } from './storage';

describe('S3 storage driver against a real S3-protocol server', () => {
  let s3: TestS3Server;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    storage = createS3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, ...S3RVER_CREDENTIALS });
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
  });

  it('stores an object that its URL then serves with the type and a long cache lifetime', async () => {
    const data = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 fake-but-binary\x00\xff', 'latin1');
    await storage.put('icons/abc-123.webp', data, 'image/webp');
    const url = storage.url('icons/abc-123.webp');
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/icons/abc-123.webp`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
  });

  it('deletes an object, and deleting a missing one is harmless', async () => {
    await storage.put('icons/to-delete.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('icons/to-delete.webp');
    expect((await fetch(storage.url('icons/to-delete.webp'))).status).toBe(404);
    await expect(storage.delete('icons/to-delete.webp')).resolves.toBeUndefined();
  });

  it('refuses keys we did not generate', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe storage key/);
    expect(() => storage.url('icons/a b.webp')).toThrow(/unsafe storage key/);
  });

  it('is what createStorage builds for STORAGE_DRIVER=s3, with S3_PUBLIC_URL in front when set', async () => {
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.jp/media/',
    });
    const configured = createStorage(env);
    try {
      expect(configured.mediaMiddleware).toBeUndefined();
      await configured.storage.put('reports/from-env.webp', Buffer.from('via env'), 'image/webp');
      expect(configured.storage.url('reports/from-env.webp')).toBe('https://cdn.example.jp/media/reports/from-env.webp');
      expect(configured.storage.publicOrigin).toBe('https://cdn.example.jp');
      const direct = await fetch(`${s3.endpoint}/${s3.bucket}/reports/from-env.webp`);
      expect(await direct.text()).toBe('via env');
    } finally {
      configured.close();
    }
  });
});

describe('S3 settings', () => {
  it('needs a bucket and both keys or neither', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('derives the public URL from the endpoint or AWS when S3_PUBLIC_URL is not set', () => {
    const urlOf = (options: Partial<Parameters<typeof createS3Storage>[0]>) => {
      const s = createS3Storage({ bucket: 'pics', region: 'ap-northeast-1', ...options });
      s.close();
      return s.url('icons/x.webp');
    };
    expect(urlOf({})).toBe('https://pics.s3.ap-northeast-1.amazonaws.com/icons/x.webp');
    expect(urlOf({ endpoint: 'https://minio.example.jp', forcePathStyle: true })).toBe('https://minio.example.jp/pics/icons/x.webp');
    expect(urlOf({ endpoint: 'https://r2.example.jp' })).toBe('https://pics.r2.example.jp/icons/x.webp');
  });

  it('names the origin of those URLs, for the pages\' image policy', () => {
    const originOf = (options: Partial<Parameters<typeof createS3Storage>[0]>) => {
      const s = createS3Storage({ bucket: 'pics', region: 'ap-northeast-1', ...options });
      s.close();
      return s.publicOrigin;
    };
    expect(originOf({})).toBe('https://pics.s3.ap-northeast-1.amazonaws.com');
    expect(originOf({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toBe('http://127.0.0.1:9000');
    expect(originOf({ publicUrl: 'https://cdn.example.jp/media/' })).toBe('https://cdn.example.jp');
  });

  it('keeps the local driver by default, serving /media/ itself', () => {
    const configured = createStorage(parseEnv({ DATA_DIR: '/tmp/hiraku-env-test' }));
    expect(configured.mediaMiddleware).toBeDefined();
    expect(configured.storage.url('icons/x.webp')).toBe('/media/icons/x.webp');
    expect(configured.storage.publicOrigin).toBeNull();
  });
});

describe('profile icons on the S3 driver, through the app', () => {
  let s3: TestS3Server;
  let app: TestApp;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3Server('hiraku-icons');
    app = await startTestApp();
    storage = createS3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, ...S3RVER_CREDENTIALS });
    // As boot does for STORAGE_DRIVER=s3: the bucket serves the files, the app no longer serves /media/.
    app.services.storage = storage;
  });
  afterAll(async () => {
    await app?.close();
    storage?.close();
    await s3?.close();
  });

  it('stores a new icon in the bucket without EXIF, serves it from there and deletes the replaced one', async () => {
    const { client } = await signedInMember(app.baseUrl, { profile: null });
    const save = (icon: UploadFile) =>
      postMultipart<ProfileSavedResponse>(client, endpointPath('profile.save'), { username: 'バケツの中' }, { icon });

    const first = await save({ data: await jpegWithGps(), name: 'gps.jpg', type: 'image/jpeg' });
    expect(first.body).toMatchObject({ profile: { username: 'バケツの中' } });
    expect(first.status).toBe(200);
    const firstUrl = first.body.profile.iconUrl ?? '';
    expect(firstUrl).toMatch(new RegExp(`^${s3.endpoint}/hiraku-icons/icons/[0-9a-f-]{36}\\.webp$`));
    const served = await fetch(firstUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 160, height: 160 });
    expect(metadata.exif).toBeUndefined();

    const second = await save({ data: await plainPng(), name: 'plain.png', type: 'image/png' });
    expect(second.status).toBe(200);
    expect((await fetch(second.body.profile.iconUrl ?? '')).status).toBe(200);
    expect((await fetch(firstUrl)).status).toBe(404);
  });
});
