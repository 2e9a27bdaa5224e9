import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FOLLOW_TEXTS, FOLLOWING_FEED_TEXTS, NOTIFICATION_TEXTS, REPORT_FIELD_LABELS, REPORT_LIST_TEXTS, REPORT_MESSAGES, TEXTS, type TagItem } from '@hiraku/shared';
import { seriousFindings } from './support/axe';
import { xsrfHeaders } from './support/members';
import { person, suffix, type Person } from './support/moderation';
import { main } from './support/page';
import { createReportThroughApi } from './support/reports';
import { expect, test } from './support/test';

/**
 * Follows in Chromium against the real server (issue 36), at 375 px and 1280 px: A follows B from a
 * report card's author line, B's next report arrives in A's フォロー中 and on A's bell without a reload;
 * a フォロワーのみ report stays away from a member until the author approves their request; the follow
 * screens pass axe. Every word checked is the Japanese the member reads.
 */

const t = FOLLOW_TEXTS;
const bell = (page: Page) => page.getByTestId('notification-bell');
const card = (page: Page, title: string) => main(page).locator('.report-card').filter({ hasText: title });

async function turnApprovalOn(member: Person): Promise<void> {
  const response = await member.page.request.put('/api/follows/settings', { headers: await xsrfHeaders(member.page.request), data: { approval: true } });
  expect(response.status(), await response.text()).toBe(200);
}

test('A follows B from a card; B’s next report shows in A’s フォロー中 and A’s bell rises without a reload @mobile', async ({ browser }) => {
  const [a, b] = await Promise.all([person(browser, '読み手'), person(browser, '書き手')]);
  const firstTitle = `縄の記録${suffix()}`;
  await createReportThroughApi(b.page.request, firstTitle);

  await a.page.goto('/reports');
  const button = card(a.page, firstTitle).getByRole('button', { name: t.followMemberLabel(b.username) });
  await expect(button).toHaveText(t.follow);
  await button.click();
  const following = card(a.page, firstTitle).getByRole('button', { name: t.unfollowMemberLabel(b.username) });
  await expect(following).toHaveText(t.following);
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(bell(a.page)).toHaveAccessibleName(NOTIFICATION_TEXTS.bellLabel(0));
  let reloads = 0;
  a.page.on('framenavigated', (frame) => {
    if (frame === a.page.mainFrame()) reloads += 1;
  });

  const nextTitle = `次の記録${suffix()}`;
  const nextId = await createReportThroughApi(b.page.request, nextTitle);
  // Live: the bell and the toast, on the page A already had open.
  await expect(bell(a.page)).toHaveAccessibleName(NOTIFICATION_TEXTS.bellLabel(1));
  const line = TEXTS.notification.lines.followedReport(b.username, 1);
  await expect(a.page.getByTestId('notification-toast')).toContainText(line);
  expect(reloads).toBe(0);

  await main(a.page).getByLabel(REPORT_LIST_TEXTS.sortLabel).selectOption({ label: FOLLOWING_FEED_TEXTS.followingTab });
  await expect(card(a.page, nextTitle)).toBeVisible();
  await expect(card(a.page, firstTitle)).toBeVisible();

  await bell(a.page).click();
  const row = main(a.page).getByTestId('notification-row').filter({ hasText: line });
  await row.getByRole('link').click();
  await expect(a.page).toHaveURL(new RegExp(`/reports/${nextId}$`));
});

test('a フォロワーのみ report is absent for a non-follower and present once the author approves @mobile', async ({ browser }) => {
  // Two members in two browsers: 30 s alone, 1.1 min on a fresh-clone CI's two loaded cores, at the default minute's edge.
  test.setTimeout(120_000);
  const [author, reader] = await Promise.all([person(browser, '鍵の書き手'), person(browser, '申請者')]);
  await turnApprovalOn(author);
  const title = `フォロワーだけ${suffix()}`;
  const reportId = await createReportThroughApi(author.page.request, title, { fields: { audience: 'followers' } });

  await reader.page.goto(`/reports/${reportId}`);
  await expect(main(reader.page).getByText(REPORT_MESSAGES.notFound)).toBeVisible();
  await reader.page.goto(`/profile/${author.publicId}`);
  await expect(main(reader.page).getByText(title)).toHaveCount(0);
  await main(reader.page).getByRole('button', { name: t.followMemberLabel(author.username) }).click();
  await expect(main(reader.page).getByRole('button', { name: t.unfollowMemberLabel(author.username) })).toHaveText(t.requested);
  await reader.page.goto(`/reports/${reportId}`);
  await expect(main(reader.page).getByText(REPORT_MESSAGES.notFound)).toBeVisible();

  // The author sees the request on the bell and answers it in 設定.
  await author.page.goto('/settings');
  await expect(bell(author.page)).toHaveAccessibleName(NOTIFICATION_TEXTS.bellLabel(1));
  const request = main(author.page).locator('.follow-settings__item').filter({ hasText: reader.username });
  await request.getByRole('button', { name: t.approve }).click();
  await expect(main(author.page).getByText(TEXTS.follow.approved)).toBeVisible();
  await expect(main(author.page).getByRole('button', { name: t.approve })).toHaveCount(0);

  await reader.page.goto(`/reports/${reportId}`);
  await expect(main(reader.page).getByRole('heading', { name: title })).toBeVisible();
  await expect(bell(reader.page)).toHaveAccessibleName(NOTIFICATION_TEXTS.bellLabel(1));
  await reader.page.goto('/notifications');
  await expect(main(reader.page).getByTestId('notification-row').filter({ hasText: TEXTS.notification.lines.followApproved(author.username) })).toBeVisible();
});

test('the follow screens pass axe at 375 and 1280 px', async ({ browser }) => {
  // Eight screens, each read by axe: more than one test's default minute on a busy machine.
  test.setTimeout(180_000);
  const [a, b] = await Promise.all([person(browser, '読み手'), person(browser, '書き手')]);
  await turnApprovalOn(a);
  const title = `縄の記録${suffix()}`;
  await createReportThroughApi(b.page.request, title);
  const followed = await b.page.request.post(`/api/follows/members/${a.publicId}`, { headers: await xsrfHeaders(b.page.request) });
  expect(followed.status()).toBe(200);
  await expect(async () => {
    const count = (await (await a.page.request.get('/api/notifications/unread-count')).json()) as { count: number };
    expect(count.count).toBe(1);
  }).toPass();
  const findings: string[] = [];
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    await a.page.setViewportSize(viewport);
    for (const path of ['/reports', `/profile/${b.publicId}`, '/settings', '/notifications']) {
      await a.page.goto(path);
      if (path === '/reports') await expect(card(a.page, title).getByRole('button', { name: t.followMemberLabel(b.username) })).toBeEnabled();
      if (path.startsWith('/profile')) await expect(main(a.page).getByRole('button', { name: t.followMemberLabel(b.username) })).toBeEnabled();
      if (path === '/settings') await expect(main(a.page).getByRole('button', { name: t.approve })).toBeVisible();
      if (path === '/notifications') await expect(main(a.page).getByTestId('notification-row').first()).toBeVisible();
      const { violations } = await new AxeBuilder({ page: a.page }).analyze();
      for (const violation of violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') findings.push(`${path} @${viewport.width}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }
    }
  }
  expect(findings).toEqual([]);
});

test('a tag followed on a report’s detail page brings another member’s next report with it into フォロー中; 設定 lists it; axe at 375 and 1280 px @mobile', async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b] = await Promise.all([person(browser, 'タグの読み手'), person(browser, 'タグの書き手')]);
  const firstId = await createReportThroughApi(b.page.request, `タグの記録${suffix()}`);
  // createReportThroughApi gives every report the first プレイ内容 tag.
  const tags = (await (await a.page.request.get('/api/tags')).json()) as TagItem[];
  const tag = tags.find((candidate) => candidate.category_id?.key === 'playContent');
  if (!tag) throw new Error('no プレイ内容 tag');

  await a.page.goto(`/reports/${firstId}`);
  const row = main(a.page).locator('.report-facts__row').filter({ hasText: REPORT_FIELD_LABELS.playContents });
  const follow = row.getByRole('button', { name: t.followTagLabel(tag.name), exact: true });
  await expect(follow).toHaveText(t.followShort);
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  const following = row.getByRole('button', { name: t.unfollowTagLabel(tag.name), exact: true });
  await expect(following).toHaveText(t.following);
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  // The category beside its name has a button of its own, not followed.
  await expect(row.getByRole('button', { name: new RegExp(`^カテゴリー「.+」をフォローする$`) })).toHaveAttribute('aria-pressed', 'false');

  const findings: string[] = [];
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    await a.page.setViewportSize(viewport);
    await a.page.goto(`/reports/${firstId}`);
    await expect(row.getByRole('button', { name: t.unfollowTagLabel(tag.name), exact: true })).toBeEnabled();
    findings.push(...(await seriousFindings(a.page, `detail @${viewport.width}`)));
  }

  const nextTitle = `タグの次の記録${suffix()}`;
  await createReportThroughApi(b.page.request, nextTitle);
  await a.page.goto('/reports');
  await main(a.page).getByLabel(REPORT_LIST_TEXTS.sortLabel).selectOption({ label: FOLLOWING_FEED_TEXTS.followingTab });
  await expect(card(a.page, nextTitle)).toBeVisible();

  // 設定 > フォロー中: the tag, with フォローをやめる.
  await a.page.goto('/settings');
  const item = main(a.page).locator('.following-settings__item').filter({ hasText: tag.name });
  const kind = t.followKindLabels.tag;
  await expect(item).toContainText(kind);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await a.page.setViewportSize(viewport);
    await expect(item.getByRole('button', { name: t.unfollowItemLabel(kind, tag.name) })).toBeVisible();
    findings.push(...(await seriousFindings(a.page, `settings @${viewport.width}`)));
  }
  await item.getByRole('button', { name: t.unfollowItemLabel(kind, tag.name) }).click();
  await expect(main(a.page).getByText(TEXTS.follow.unfollowed)).toBeVisible();
  await expect(main(a.page).getByText(t.followingListEmpty)).toBeVisible();
  expect(findings).toEqual([]);
});
