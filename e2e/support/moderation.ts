import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { FLAG_TEXTS, MODERATION_TEXTS, TEXTS, type CommentItem } from '@hiraku/shared';
import { main } from './page';
import { logInThroughApi, xsrfHeaders } from './members';
import { createUserWithCli } from './operators';

/**
 * What the operators' specs (web and desktop) need to set the scene through the real API: members with a
 * profile, each in a browser context of their own, who comment and report comments; and the reason
 * dialog every moderation action asks for.
 */

export interface Person {
  page: Page;
  publicId: string;
  username: string;
}

export function suffix(): string {
  return Math.random().toString(36).slice(2, 7);
}

/** An account made by the CLI (with a profile), signed in within a browser context of its own. */
export async function person(browser: Browser, name: string, operator = false, admin = false): Promise<Person> {
  const username = `${name}${suffix()}`;
  const account = await createUserWithCli(admin ? 'moderation-admin' : operator ? 'moderation-operator' : 'moderation-member', { operator, admin, username });
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughApi(page.request, account);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { publicId: string };
  return { page, publicId: me.publicId, username };
}

export async function commentThroughApi(request: APIRequestContext, reportId: number, text: string): Promise<number> {
  const response = await request.post('/api/comments', { headers: await xsrfHeaders(request), data: { articleId: reportId, text } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as CommentItem)._id;
}

export async function reportCommentThroughApi(request: APIRequestContext, commentId: number, reason: string): Promise<void> {
  const response = await request.post(`/api/comments/${commentId}/report`, { headers: await xsrfHeaders(request), data: { reason } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * A member flags (通報する) something on the page they are on, through the page's own dialog: the
 * button in `within`, a category by its label, an optional note.
 */
export async function flagInPage(page: Page, within: Locator, categoryLabel: string, note?: string): Promise<void> {
  await within.getByRole('button', { name: FLAG_TEXTS.button }).click();
  const dialog = page.getByRole('dialog', { name: FLAG_TEXTS.dialogTitle });
  await dialog.getByRole('radio', { name: categoryLabel }).check();
  if (note) await dialog.getByLabel(FLAG_TEXTS.noteLabel).fill(note);
  await dialog.getByRole('button', { name: FLAG_TEXTS.submit }).click();
  await expect(dialog).toHaveCount(0);
}

/** A member flags through the API (the scene of an operator's test). */
export async function flagThroughApi(request: APIRequestContext, targetType: string, targetId: number | string, category: string, note?: string): Promise<void> {
  const response = await request.post('/api/flags', { headers: await xsrfHeaders(request), data: { targetType, targetId, category, note } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A reported comment in the queue, found by its text (other tests' items may be there too). */
export function queueItem(page: Page, text: string): Locator {
  return page.getByRole('main').getByRole('article').filter({ hasText: text });
}

/** Answers the reason dialog with the mouse. */
export async function decide(page: Page, dialogTitle: string, reason: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: dialogTitle });
  await dialog.getByLabel(MODERATION_TEXTS.common.reasonLabel).fill(reason);
  await dialog.getByRole('button', { name: dialogTitle }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * The case titled `title` tops the queue of `page` but for appeals and other 未成年の疑い cases, the only
 * ones that may rank with it or above: other specs running at the same moment on the other worker open
 * such cases for a while, and the older one rightly comes first.
 */
export async function expectMinorCaseOnTop(page: Page, title: string): Promise<void> {
  const ranking = [MODERATION_TEXTS.cases.types.appeal, TEXTS.flag.categories.minor.label];
  await expect
    .poll(async () => {
      // Wide screens list the cases as rows beside the one open case; narrow ones as articles.
      const rows = main(page).locator('.cases__rows').getByRole('button');
      const texts = await ((await rows.count()) > 0 ? rows : main(page).getByRole('article')).allTextContents();
      const at = texts.findIndex((text) => text.includes(title));
      return at >= 0 && texts.slice(0, at).every((text) => ranking.some((label) => text.includes(label)));
    })
    .toBe(true);
}
