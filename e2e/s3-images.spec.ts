import { REPORT_IMAGE_FIELD, type TagItem } from '@hiraku/shared';
import { jpegWithGps } from '../server/test/support/images';
import { startTestS3Server, S3RVER_CREDENTIALS, type TestS3Server } from '../server/test/support/s3Server';
import type { ServerProcess } from '../server/test/support/serverProcess';
import { startApiProcess } from './support/apiProcess';
import { createConfirmedMember, logInThroughApi, xsrfHeaders } from './support/members';
import { expect, test } from './support/test';

/**
 * The deployment the README describes with STORAGE_DRIVER=s3: images in a bucket (s3rver, a real S3
 * protocol server) on another origin than the pages. A second API process of the e2e server's own
 * database and data folder (so its Meilisearch, secret and mail worker are shared) stores images there;
 * the feed and a report must show them, and the fixture fails the test on any policy refusal.
 */
test.describe('images in S3-compatible storage', () => {
  let s3: TestS3Server;
  let server: ServerProcess;
  let baseURL: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    s3 = await startTestS3Server('hiraku-e2e-images');
    ({ server, baseURL } = await startApiProcess(
      {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
      { what: 'S3 server' },
    ));
  });
  test.afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  test('the feed and a report show their photos and the author icon from the bucket', async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const { request } = page;

    const member = await createConfirmedMember(request, 's3-images');
    await logInThroughApi(request, member);
    const tags = (await (await request.get('/api/tags')).json()) as TagItem[];
    const first = (key: string) => String(tags.find((tag) => tag.category_id?.key === key)?._id);
    const photo = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() };
    const profile = await request.post('/api/profile/createOrUpdate', {
      headers: await xsrfHeaders(request),
      multipart: { username: `バケツ${Date.now() % 100000}`, gender: first('gender'), sexualOrientation: first('sexualOrientation'), role: first('role'), twitterId: '', icon: photo },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const title = `バケツの写真${Date.now() % 100000}`;
    const created = await request.post('/api/reports', {
      headers: await xsrfHeaders(request),
      multipart: {
        title,
        description: '写真つきのレポートです。',
        tips: '',
        duration: '',
        gender: first('gender'),
        sexualOrientation: first('sexualOrientation'),
        role: first('role'),
        isDraft: 'false',
        'playCategories[0]': first('playCategory'),
        'playContents[0]': first('playContent'),
        // Both attestations, as the form sends them with an image (issue 19).
        imageConsent: 'true',
        imageMosaic: 'true',
        [REPORT_IMAGE_FIELD]: photo,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { report } = (await created.json()) as { report: { _id: number; mainImageUrl: string | null; thumbnailUrl: string | null } };
    const bucketUrl = `${s3.endpoint}/${s3.bucket}/`;
    expect(report.mainImageUrl).toContain(bucketUrl);
    expect(report.thumbnailUrl).toContain(bucketUrl);

    // An image is shown when the browser loaded and decoded it; a refused one has no natural width.
    const loaded = (selector: string) =>
      page.locator(selector).evaluateAll((images) => images.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0));
    const fromBucket = `img[src^="${bucketUrl}"]`;

    const feed = await page.goto('/reports');
    expect(feed?.headers()['content-security-policy']).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.locator(fromBucket).first()).toBeVisible();
    await expect.poll(() => loaded(`article:has-text("${title}") ${fromBucket}`)).toEqual(expect.arrayContaining([true]));
    expect(await loaded(`article:has-text("${title}") ${fromBucket}`)).not.toContain(false);

    await page.goto(`/reports/${report._id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator(`img[src="${report.mainImageUrl}"]`)).toBeVisible();
    await expect.poll(() => loaded(`img[src="${report.mainImageUrl}"]`)).toEqual([true]);
    await expect.poll(() => loaded(fromBucket)).not.toContain(false);
    await context.close();
  });
});
