import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TEXTS, CONTACT_TEXTS, CONTACT_CATEGORY_LABELS } from '@hiraku/shared';
import { mailboxSnapshot, waitForMailTo } from './support/mailbox';
import { E2E_SUPPORT_EMAIL as SUPPORT_EMAIL } from './support/env';
import { createUserWithCli } from './support/operators';
import { logInThroughApi } from './support/members';
import { main } from './support/page';

/**
 * The contact form of docs/product.md (sections 2, 4, 5, 7) end to end: the enquiry reaches the support mailbox
 * of the real SMTP server, for a visitor and for a member; a failure keeps what was written.
 */

const t = CONTACT_TEXTS;

async function fillEnquiry(page: Page, { category, name, email, content }: { category: string; name?: string; email?: string; content: string }) {
  await main(page).getByRole('radio', { name: category }).check();
  if (name) await main(page).getByLabel(t.name).fill(name);
  if (email) await main(page).getByLabel(t.email).fill(email);
  await main(page).getByLabel(t.content).fill(content);
}

test('a visitor sends an enquiry: it is checked first, reaches support, and OK leads on', async ({ page }) => {
  await page.goto('/contact-form');
  await expect(main(page).getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();

  // Category and content are required: nothing is sent without them.
  let posted = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact') && request.method() === 'POST') posted += 1;
  });
  await main(page).getByRole('button', { name: t.submit }).click();
  await expect(main(page).getByText(TEXTS.contact.categoryRequired)).toBeVisible();
  await expect(main(page).getByText(TEXTS.contact.contentRequired)).toBeVisible();
  await expect(main(page).getByRole('radio', { name: CONTACT_CATEGORY_LABELS.account })).toBeFocused();
  expect(posted).toBe(0);

  const seen = await mailboxSnapshot();
  const content = `ログインできません。確認メールが届かないようです。${Date.now()}`;
  await fillEnquiry(page, { category: CONTACT_CATEGORY_LABELS.account, name: 'はなこ', email: 'hanako@example.jp', content });
  await main(page).getByRole('button', { name: t.submit }).click();
  const result = page.getByRole('dialog', { name: t.resultTitle });
  await expect(result).toHaveAccessibleDescription(TEXTS.contact.sent);
  expect(posted).toBe(1);

  const mail = await waitForMailTo(SUPPORT_EMAIL, CONTACT_CATEGORY_LABELS.account, seen);
  expect(mail.subject).toContain(Array.from(content).slice(0, 20).join(''));
  expect(mail.text).toContain('はなこ');
  expect(mail.text).toContain('hanako@example.jp');
  expect(mail.text).toContain(content);

  await result.getByRole('button', { name: t.ok }).click();
  // A visitor has no /reports to go back to: the top page.
  await expect(page).toHaveURL(/\/$/);
});

test('a member sends an enquiry without name or e-mail and goes back to the reports', async ({ page }) => {
  await logInThroughApi(page.request, await createUserWithCli('contact', { username: 'お問い合わせ会員' }));
  await page.goto('/contact-form');
  const seen = await mailboxSnapshot();
  const content = `レポートの下書きが消えてしまいました。${Date.now()}`;
  await fillEnquiry(page, { category: CONTACT_CATEGORY_LABELS.bug, content });
  await main(page).getByRole('button', { name: t.submit }).click();
  const result = page.getByRole('dialog', { name: t.resultTitle });
  await expect(result).toHaveAccessibleDescription(TEXTS.contact.sent);
  const mail = await waitForMailTo(SUPPORT_EMAIL, CONTACT_CATEGORY_LABELS.bug, seen);
  expect(mail.text).toContain(content);
  await result.getByRole('button', { name: t.ok }).click();
  await expect(page).toHaveURL(/\/reports$/);
});

test('a failed send says so in the modal and keeps what was written', async ({ page }) => {
  await page.goto('/contact-form');
  await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  const content = '送れなかったときも、書いた内容は残ってほしいです。';
  await fillEnquiry(page, { category: CONTACT_CATEGORY_LABELS.request, content });
  await main(page).getByRole('button', { name: t.submit }).click();
  const result = page.getByRole('alertdialog', { name: t.resultTitle });
  await expect(result).toHaveAccessibleDescription(TEXTS.contact.failed);
  await result.getByRole('button', { name: t.ok }).click();
  await expect(result).toHaveCount(0);
  await expect(page).toHaveURL(/\/contact-form$/);
  await expect(main(page).getByLabel(t.content)).toHaveValue(content);

  // No answer at all reads the same.
  await page.unroute('**/api/contact');
  await page.route('**/api/contact', (route) => route.abort('connectionreset'));
  await main(page).getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('alertdialog', { name: t.resultTitle })).toHaveAccessibleDescription(TEXTS.contact.failed);
});
