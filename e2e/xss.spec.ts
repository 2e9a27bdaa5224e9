import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { CONTACT_CATEGORY_LABELS, CONTACT_TEXTS, LIMITS, TEXTS, type CategoryItem, type CommentItem, type ReportSearchResponse, type TagItem } from '@hiraku/shared';
import { logInThroughApi, type TestMember, xsrfHeaders } from './support/members';
import { createUserWithCli } from './support/operators';
import { revealInList } from './support/page';
import { expect, test } from './support/test';

/**
 * Script payloads in every stored text field (a report's every text, a tag and a category named by an
 * operator, a comment, a comment report's reason, a member's name, moderation reasons, the contact form)
 * and in reflected ones (the search query, path and query parameters) stay inert in Chromium on every
 * page that shows them (issue 12): no dialog opens, no element or attribute of theirs reaches the DOM,
 * and each page shows the payload as the text it is.
 */

/** Each payload opens a dialog if it ever runs; the number tells which one did. */
const P = {
  title: '<img src=x onerror=alert(11)>',
  description: '"><svg onload=alert(12)><script>alert(13)</script><a href="javascript:alert(14)">リンク</a>',
  tips: '<iframe srcdoc="<script>alert(15)</script>"></iframe>javascript:alert(16)',
  duration: '<details open ontoggle=alert(17)>',
  toolName: '<script>alert(18)</script>',
  toolQuantity: '<b onmouseover=alert(19)>',
  step: '<img src=x onerror=alert(20)>',
  tag: '<img src=x onerror=alert(21)>',
  category: '<svg onload=alert(22)>',
  comment: '<script>alert(23)</script><img src=x onerror=alert(24)>',
  commentReason: '"><img src=x onerror=alert(25)>',
  username: '<svg onload=alert()>',
  hideReason: '<img src=x onerror=alert(26)>',
  suspendReason: '<script>alert(27)</script>',
  contact: '<script>alert(28)</script><img src=x onerror=alert(29)>',
  search: '<img src=x onerror=alert(30)>',
} as const;

/** Elements and attributes no page of ours renders: anything here came from a payload. */
function injectedElements(): string[] {
  const found: string[] = [];
  for (const element of Array.from(document.querySelectorAll('*'))) {
    const name = element.tagName.toLowerCase();
    if (['iframe', 'object', 'embed'].includes(name) || (name === 'script' && !element.hasAttribute('src')) || (name === 'img' && element.getAttribute('src') === 'x')) {
      found.push(element.outerHTML.slice(0, 120));
    }
    for (const attribute of Array.from(element.attributes)) {
      const url = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(attribute.name);
      // React attaches handlers itself and never writes on* attributes; no link of ours runs script. (A
      // search box whose value is the text "javascript:..." is only text.)
      if (attribute.name.startsWith('on') || attribute.name === 'srcdoc' || (url && /^\s*javascript:/i.test(attribute.value))) {
        found.push(`${name}[${attribute.name}=${attribute.value.slice(0, 60)}]`);
      }
    }
  }
  return found;
}

interface Viewer {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
}

/**
 * A browser context signed in as `account`, recording every dialog a payload opens: their alerts say a
 * number or nothing, while the app's own dialogs (a failed e-mail confirmation says so in an alert) are
 * Japanese sentences, dismissed and let be.
 */
async function viewer(browser: Browser, account: TestMember): Promise<Viewer> {
  const context = await browser.newContext();
  const dialogs: string[] = [];
  context.on('page', (page) =>
    page.on('dialog', (dialog) => {
      if (/^\d*$/.test(dialog.message())) dialogs.push(`${dialog.type()} ${JSON.stringify(dialog.message())}`);
      void dialog.dismiss();
    }),
  );
  const page = await context.newPage();
  await logInThroughApi(page.request, account);
  return { context, page, dialogs };
}

/**
 * Opens `path` and checks that it shows `texts` as text while nothing of a payload runs or lands in the DOM.
 * On a paged list (the queue, the audit log) it presses さらに読み込む as an operator would, since the other
 * specs' cases may come first.
 */
async function expectInert(v: Viewer, path: string, texts: readonly string[]): Promise<void> {
  await v.page.goto(path);
  for (const text of texts) await revealInList(v.page, v.page.getByRole('main').getByText(text).filter({ visible: true }), `${path}: ${text}`);
  await v.page.waitForLoadState('networkidle');
  expect(await v.page.evaluate(injectedElements), `${path}: injected elements`).toEqual([]);
  expect(v.dialogs, `${path}: dialogs`).toEqual([]);
}

async function send(request: APIRequestContext, method: 'post' | 'put', url: string, options: { data?: unknown; multipart?: Record<string, string> }): Promise<unknown> {
  const response = await request[method](url, { headers: await xsrfHeaders(request), ...options });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

const cut = (text: string, length: number) => Array.from(text).slice(0, length).join('');

/** What the setup stored, for the tests to look at. */
const world = { author: null as TestMember | null, reader: null as TestMember | null, operator: null as TestMember | null, authorPublicId: '', reportId: 0, hiddenReportId: 0, probe: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const probe = `xssprobe${Math.random().toString(36).slice(2, 8)}`;
  const [author, reader, operator, suspended] = await Promise.all([
    createUserWithCli('xss-author', { username: '書き手' }),
    createUserWithCli('xss-reader', { username: '読み手' }),
    createUserWithCli('xss-operator', { operator: true, username: '運営' }),
    createUserWithCli('xss-suspended', { username: '停止される人' }),
  ]);
  for (const [field, value] of Object.entries(P)) {
    const limit = { title: LIMITS.reportTitleMax, duration: LIMITS.durationMax, toolName: LIMITS.toolNameMax, toolQuantity: LIMITS.toolQuantityMax, tag: LIMITS.tagNameMax, category: LIMITS.categoryNameMax, username: LIMITS.usernameMax }[field];
    if (limit !== undefined) expect(Array.from(value).length, `${field} fits its limit`).toBeLessThanOrEqual(limit);
  }

  const as = async (account: TestMember) => {
    const context = await browser.newContext();
    await logInThroughApi(context.request, account);
    return context;
  };
  const op = await as(operator);
  const category = (await send(op.request, 'post', '/api/categories', { data: { name: P.category } })) as { category: CategoryItem };
  const categories = (await (await op.request.get('/api/categories')).json()) as CategoryItem[];
  const playContent = categories.find((c) => c.key === 'playContent');
  const tag = (await send(op.request, 'post', '/api/tags', { data: { name: P.tag, category_id: playContent?._id } })) as { tag: TagItem };
  expect(category.category.name).toBe(P.category);

  const writer = await as(author);
  await send(writer.request, 'post', '/api/profile/createOrUpdate', { data: { username: P.username } });
  // The X account must be an id, so a link to "javascript:" cannot even be stored.
  const xLink = await writer.request.post('/api/profile/createOrUpdate', { headers: await xsrfHeaders(writer.request), data: { username: P.username, twitterId: 'javascript:alert(1)' } });
  expect(xLink.status()).toBe(400);
  const tags = (await (await writer.request.get('/api/tags')).json()) as TagItem[];
  const first = (key: string) => String(tags.find((t) => t.category_id?.key === key)?._id ?? '');
  const reportForm = (title: string): Record<string, string> => ({
    title,
    description: `${P.description} ${probe}`,
    tips: P.tips,
    duration: P.duration,
    gender: first('gender'),
    sexualOrientation: first('sexualOrientation'),
    role: first('role'),
    isDraft: 'false',
    'tools[0][name]': P.toolName,
    'tools[0][quantity]': P.toolQuantity,
    'play[0][stepNumber]': '1',
    'play[0][action]': P.step,
    'playCategories[0]': first('playCategory'),
    'playContents[0]': String(tag.tag._id),
  });
  const report = (await send(writer.request, 'post', '/api/reports', { multipart: reportForm(P.title) })) as { report: { _id: number } };
  const hidden = (await send(writer.request, 'post', '/api/reports', { multipart: reportForm('隠されるレポート') })) as { report: { _id: number } };

  const readerContext = await as(reader);
  const comment = (await send(readerContext.request, 'post', '/api/comments', { data: { articleId: report.report._id, text: P.comment } })) as CommentItem;
  await send(writer.request, 'post', `/api/comments/${comment._id}/report`, { data: { reason: P.commentReason } });

  await send(op.request, 'post', `/api/moderation/reports/${hidden.report._id}/hide`, { data: { reason: P.hideReason } });
  const suspendedContext = await as(suspended);
  const suspendedId = ((await (await suspendedContext.request.get('/api/auth/me')).json()) as { publicId: string }).publicId;
  await send(op.request, 'post', `/api/moderation/users/${suspendedId}/suspend`, { data: { reason: P.suspendReason } });

  // Search finds the report once the outbox worker has indexed it.
  await expect
    .poll(async () => ((await (await readerContext.request.get('/api/reports/search/advanced', { params: { query: probe } })).json()) as ReportSearchResponse).total, { timeout: 20_000 })
    .toBe(1);

  Object.assign(world, {
    author,
    reader,
    operator,
    authorPublicId: ((await (await writer.request.get('/api/auth/me')).json()) as { publicId: string }).publicId,
    reportId: report.report._id,
    hiddenReportId: hidden.report._id,
    probe,
  });
  for (const context of [op, writer, readerContext, suspendedContext]) await context.close();
});

function account(name: 'author' | 'reader' | 'operator'): TestMember {
  const found = world[name];
  if (!found) throw new Error(`no ${name}: the setup failed`);
  return found;
}

test('the feed, a report, its comments and a search show every stored payload as text', async ({ browser }) => {
  const v = await viewer(browser, account('reader'));
  await expectInert(v, '/reports', [cut(P.title, LIMITS.cardTitleCut)]);
  // The duration is stored but shown on no page (only in the edit form's input).
  await expectInert(v, `/reports/${world.reportId}`, [P.title, P.tips, P.toolName, P.toolQuantity, P.step, P.tag, P.comment, P.username, '"><svg onload=alert(12)>']);
  await expectInert(v, `/search-results?query=${world.probe}`, [cut(P.title, LIMITS.cardTitleCut)]);
  await v.context.close();
});

test("the author's dashboard and public profile show the payload name and title as text", async ({ browser }) => {
  const v = await viewer(browser, account('author'));
  await expectInert(v, '/dashboard', [cut(P.title, LIMITS.cardTitleCut)]);
  const r = await viewer(browser, account('reader'));
  await expectInert(r, `/profile/${world.authorPublicId}`, [P.username]);
  await v.context.close();
  await r.context.close();
});

test("the operators' queue, members, audit log, categories and tags show the payloads as text", async ({ browser }) => {
  const v = await viewer(browser, account('operator'));
  await expectInert(v, '/moderation/queue', [P.comment, P.commentReason]);
  await expectInert(v, '/moderation/members', []);
  await expectInert(v, '/moderation/audit-log', [P.hideReason, P.suspendReason]);
  await expectInert(v, '/category-manager', [P.category]);
  await expectInert(v, '/tag-manager', [P.tag]);
  await v.context.close();
});

test('the contact form takes payloads and its answer shows nothing of them run', async ({ browser }) => {
  const v = await viewer(browser, account('reader'));
  await v.page.goto('/contact-form');
  const main = v.page.getByRole('main');
  await main.getByRole('radio', { name: CONTACT_CATEGORY_LABELS.other }).check();
  await main.getByLabel(CONTACT_TEXTS.name).fill(P.title);
  await main.getByLabel(CONTACT_TEXTS.content).fill(P.contact);
  await main.getByRole('button', { name: CONTACT_TEXTS.submit }).click();
  await expect(v.page.getByRole('dialog', { name: CONTACT_TEXTS.resultTitle })).toHaveAccessibleDescription(TEXTS.contact.sent);
  expect(await v.page.evaluate(injectedElements)).toEqual([]);
  expect(v.dialogs).toEqual([]);
  await v.context.close();
});

test('payloads in the search query, path and query parameters are not run', async ({ browser }) => {
  const v = await viewer(browser, account('reader'));
  const q = encodeURIComponent(P.search);
  await expectInert(v, `/search-results?query=${q}`, []);
  await expect(v.page.getByRole('banner').getByRole('searchbox')).toHaveValue(P.search);
  for (const path of [
    `/reports/${q}`,
    `/edit-report/${q}`,
    `/profile/${encodeURIComponent('"><svg onload=alert(31)>')}`,
    `/verify-email?token=${encodeURIComponent('<script>alert(32)</script>')}`,
    `/reset-password?token=${encodeURIComponent('"><svg onload=alert(33)>')}`,
    `/reports?sort=${encodeURIComponent('<img src=x onerror=alert(34)>')}`,
    `/search-results?query=${encodeURIComponent('javascript:alert(35)')}&playCategory=${encodeURIComponent('<svg onload=alert(36)>')}`,
  ]) {
    await expectInert(v, path, []);
  }
  await v.context.close();
});
