import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TEXTS, type CategoryKey, type OwnProfile, type ReportFormValues, type TagItem } from '@hiraku/shared';
import { E2E_BASE_URL } from './support/env';
import { createConfirmedMember, logInThroughApi } from './support/members';
import { collectDialogs } from './support/dialogs';
import { postReportForm } from './support/reports';
import { main } from './support/page';

/**
 * The profile screens as members use them, in Chromium against the real server: a new member is sent
 * from the dashboard to create a profile, uploads an icon, sees the dashboard fill in, and another
 * member reads the public profile, which never shows an e-mail address or a draft.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable PNG: a plum square with a lighter diagonal, so a broken decode would show. */
function iconPng(size = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x += 1) rows.push(...(Math.abs(x - y) < 6 ? [0xec, 0xd3, 0xa0] : [0x6b, 0x26, 0x57]));
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.from(rows))), pngChunk('IEND', Buffer.alloc(0))]);
}

async function imageLoaded(image: Locator): Promise<number> {
  return image.evaluate((element) => ((element as HTMLImageElement).complete ? (element as HTMLImageElement).naturalWidth : 0));
}

function counter(page: Page, label: string): Locator {
  return main(page).locator('.dashboard-counters__item').filter({ hasText: label }).locator('dd');
}

async function tagIds(request: APIRequestContext): Promise<Record<CategoryKey, number[]>> {
  const tags = (await (await request.get('/api/tags')).json()) as TagItem[];
  const ids = (key: CategoryKey) => tags.filter((tag) => tag.category_id?.key === key).map((tag) => tag._id);
  return { gender: ids('gender'), sexualOrientation: ids('sexualOrientation'), role: ids('role'), tools: ids('tools'), playCategory: ids('playCategory'), playContent: ids('playContent') };
}

test('a new member creates a profile with an icon and X id, fills the dashboard and shares a public profile without the e-mail', async ({ page, browser }) => {
  // About forty steps over two browsers: 66 s on a fresh-clone CI's two loaded cores, past the default minute.
  test.setTimeout(120_000);
  const alerts = collectDialogs(page);
  const owner = await createConfirmedMember(page.request, 'profile-owner');
  await logInThroughApi(page.request, owner);

  // No profile yet: the dashboard sends the member to create one, and says why.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'プロフィールを作成' })).toBeVisible();
  await expect(main(page).getByText(TEXTS.profile.notSet)).toBeVisible();

  // Nothing is sent while a required field is missing.
  await main(page).getByRole('button', { name: 'プロフィールを作成する' }).click();
  await expect(main(page).getByText(TEXTS.profile.usernameRequired)).toBeVisible();
  await expect(main(page).getByText('性別を選択してください。')).toBeVisible();
  await expect(main(page).getByLabel('ユーザー名')).toBeFocused();

  await main(page).getByLabel('ユーザー名').fill('縄好きのひらく');
  await main(page).getByLabel('性別').selectOption({ label: '女性' });
  await main(page).getByLabel('性的指向').selectOption({ label: 'バイセクシュアル' });
  await main(page).getByLabel('性癖（ロール）').selectOption({ label: 'リガー' });
  const xId = main(page).getByLabel('X（旧Twitter）のID');
  await xId.pressSequentially('@hiraku_test');
  await expect(xId).toHaveValue('hiraku_test');

  await main(page).getByLabel('画像を選ぶ').setInputFiles({ name: 'my-icon.png', mimeType: 'image/png', buffer: iconPng() });
  const preview = main(page).getByRole('img', { name: '新しいアイコンのプレビュー' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => imageLoaded(preview)).toBeGreaterThan(0);
  await expect(main(page).getByText('選択中：my-icon.png（保存すると反映されます）')).toBeVisible();

  await main(page).getByRole('button', { name: 'プロフィールを作成する' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(alerts).toEqual([TEXTS.profile.saved]);
  await expect(main(page).getByText(TEXTS.profile.saved)).toBeVisible();

  // The stored profile: the X id without "@", the icon as the server re-encoded it.
  const stored = (await (await page.request.get('/api/profile')).json()) as OwnProfile;
  expect(stored).toMatchObject({ username: '縄好きのひらく', twitterId: 'hiraku_test', gender: { name: '女性' }, role: { name: 'リガー' } });
  expect(stored.iconUrl).toMatch(/^\/media\/icons\//);

  // The dashboard card: the icon really loads, the attributes, the X link and the counters at zero.
  const card = main(page).getByRole('region', { name: '縄好きのひらく', exact: true });
  const icon = card.getByRole('img', { name: '縄好きのひらくさんのアイコン' });
  await expect(icon).toHaveAttribute('src', stored.iconUrl ?? '');
  await expect.poll(() => imageLoaded(icon)).toBeGreaterThan(0);
  await expect(card.getByText(stored.publicId)).toBeVisible();
  await expect(card.getByText('バイセクシュアル')).toBeVisible();
  const xLink = card.getByRole('link', { name: /@hiraku_test/ });
  await expect(xLink).toHaveAttribute('href', 'https://x.com/hiraku_test');
  await expect(xLink).toHaveAttribute('rel', /noopener/);
  await expect(card.getByRole('link', { name: 'プロフィールを編集' })).toHaveAttribute('href', '/profile');
  await expect(counter(page, '作成したレポート')).toHaveText('0');
  await expect(counter(page, 'もらったいいね')).toHaveText('0');
  await expect(main(page).getByText(TEXTS.profile.noArticles)).toBeVisible();

  // The card's その他 opens the same menu as the footer's.
  await card.getByRole('button', { name: 'その他' }).click();
  await expect(card.getByRole('menu')).toBeVisible();
  await expect(card.getByRole('menuitem', { name: 'ログアウト' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('menu')).toBeHidden();

  // The own public profile, as others will see it.
  await card.getByRole('link', { name: '公開プロフィールを見る' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${stored.publicId}$`));
  await expect(main(page).getByRole('heading', { level: 1, name: '縄好きのひらく' })).toBeVisible();
  await expect(main(page).getByText('まだ公開されたレポートはありません。')).toBeVisible();

  // One draft and one published report, written through the API as the report form would.
  const tags = await tagIds(page.request);
  const base: ReportFormValues = {
    title: '',
    description: '',
    tips: '安全ばさみを手の届く所に置くこと。',
    duration: '1時間',
    gender: tags.gender[1] ?? null,
    sexualOrientation: tags.sexualOrientation[3] ?? null,
    role: tags.role[7] ?? null,
    isDraft: false,
    tools: [{ name: '麻縄', quantity: '7m×2本' }],
    play: [
      { stepNumber: 1, action: '合図の確認' },
      { stepNumber: 2, action: '後手縛り' },
    ],
    playCategories: tags.playCategory.slice(0, 1),
    playContents: tags.playContent.slice(0, 1),
  };
  const publishedDescription = '声をかけ合いながら、ゆっくり進めました。終わった後のアフターケアも大切にして、次の約束もしました。';
  const publishedId = await postReportForm(page.request, { ...base, title: '初めての後手縛り', description: publishedDescription });
  const draftId = await postReportForm(page.request, { ...base, title: 'まだ書きかけの記録', description: '途中まで', isDraft: true });

  await page.goto('/dashboard');
  const rows = main(page).getByRole('listitem');
  const publishedRow = rows.filter({ hasText: '初めての後手縛り' });
  const draftRow = rows.filter({ hasText: 'まだ書きかけの記録' });
  await expect(publishedRow.getByText('[公開]')).toBeVisible();
  await expect(draftRow.getByText('[下書き]')).toBeVisible();
  await expect(publishedRow.getByText(`${Array.from(publishedDescription).slice(0, 35).join('')}…`)).toBeVisible();
  await expect(publishedRow.getByText('いいね 0')).toBeVisible();
  await expect(draftRow.getByRole('link', { name: '「まだ書きかけの記録」を編集する' })).toHaveAttribute('href', `/edit-report/${draftId}`);
  await expect(publishedRow.getByRole('link', { name: '「初めての後手縛り」を編集する' })).toHaveAttribute('href', `/edit-report/${publishedId}`);
  await expect(counter(page, '作成したレポート')).toHaveText('2');
  await expect(main(page).getByText(TEXTS.profile.noArticles)).toBeHidden();

  // Another member opens the public profile: the name and the published report, no draft, no e-mail.
  const otherContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  try {
    const otherPage = await otherContext.newPage();
    const other = await createConfirmedMember(otherPage.request, 'profile-visitor');
    await logInThroughApi(otherPage.request, other);
    await otherPage.goto(`/profile/${stored.publicId}`);
    await expect(main(otherPage).getByRole('heading', { level: 1, name: '縄好きのひらく' })).toBeVisible();
    await expect(main(otherPage).getByRole('img', { name: '縄好きのひらくさんのアイコン' })).toHaveAttribute('src', stored.iconUrl ?? '');
    await expect(main(otherPage).getByRole('link', { name: '「初めての後手縛り」の詳細を見る' })).toHaveAttribute('href', `/reports/${publishedId}`);
    await expect(main(otherPage).getByText('まだ書きかけの記録')).toHaveCount(0);
    await expect(main(otherPage).getByText('これはほかの会員に表示されるあなたのプロフィールです。')).toHaveCount(0);
    const html = await otherPage.content();
    expect(html).not.toContain(owner.email);
    expect(html).not.toContain(owner.email.split('@')[0] ?? owner.email);
    expect(html).not.toContain(other.email);

    // A public id nobody has: a plain "not found", not an error.
    await otherPage.goto('/profile/nobody-has-this-id');
    await expect(main(otherPage).getByRole('heading', { level: 1, name: TEXTS.profile.notFound })).toBeVisible();
  } finally {
    await otherContext.close();
  }

  // Editing: the form comes back filled in; a bad X id is refused before anything is sent.
  await page.goto('/profile');
  await expect(main(page).getByRole('heading', { level: 1, name: 'プロフィール編集' })).toBeVisible();
  await expect(main(page).getByLabel('ユーザー名')).toHaveValue('縄好きのひらく');
  await expect(main(page).getByLabel('性別')).toHaveValue(String(stored.gender?._id));
  await expect(main(page).getByLabel('X（旧Twitter）のID')).toHaveValue('hiraku_test');
  await expect(main(page).getByRole('img', { name: '現在のアイコン' })).toHaveAttribute('src', stored.iconUrl ?? '');
  await main(page).getByLabel('X（旧Twitter）のID').fill('hiraku-test');
  await main(page).getByRole('button', { name: '保存する' }).click();
  await expect(main(page).getByText(TEXTS.profile.twitterIdInvalid)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // A file the server cannot decode is refused and the stored icon stays: it is only replaced by a save that succeeds.
  await main(page).getByLabel('X（旧Twitter）のID').fill('');
  await main(page).getByLabel('画像を変更').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
  await main(page).getByRole('button', { name: '保存する' }).click();
  await expect(main(page).getByText(TEXTS.image.unsupported)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(((await (await page.request.get('/api/profile')).json()) as OwnProfile).iconUrl).toBe(stored.iconUrl);
  await main(page).getByRole('button', { name: '選択を取り消す' }).click();
  await expect(main(page).getByRole('img', { name: '現在のアイコン' })).toHaveAttribute('src', stored.iconUrl ?? '');

  await main(page).getByLabel('ユーザー名').fill('ひらく');
  await main(page).getByRole('button', { name: '保存する' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const renamed = main(page).getByRole('region', { name: 'ひらく', exact: true });
  await expect(renamed.getByRole('img', { name: 'ひらくさんのアイコン' })).toHaveAttribute('src', stored.iconUrl ?? '');
  await expect(renamed.getByRole('link', { name: /@hiraku_test/ })).toHaveCount(0);

  // Removing the icon on purpose: after a confirmation, the default icon takes its place everywhere.
  await renamed.getByRole('link', { name: 'プロフィールを編集' }).click();
  await main(page).getByRole('button', { name: 'アイコンを削除' }).click();
  await expect(main(page).getByText(TEXTS.profile.iconDeleted)).toBeVisible();
  expect(alerts).toContain('現在のアイコンを削除しますか？');
  await expect(main(page).getByRole('img', { name: 'アイコン未設定（標準のアイコンを表示します）' })).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  expect(((await (await page.request.get('/api/profile')).json()) as OwnProfile).iconUrl).toBeNull();
  expect((await page.request.get(stored.iconUrl ?? '')).status()).toBe(404);
  await page.goto('/dashboard');
  const fallback = main(page).getByRole('img', { name: 'ひらくさんのアイコン' });
  await expect(fallback).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  await expect.poll(() => imageLoaded(fallback)).toBeGreaterThan(0);
});
