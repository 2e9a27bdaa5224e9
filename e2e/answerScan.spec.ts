import { expect, test } from './support/test';

/**
 * The privacy scan of support/test.ts sees what a page receives from the API and fails the test on a
 * finding: here answers made to carry a password hash.
 */

const LEAK = { status: 'ok', leaked: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA' };

test('the scan finds a password hash in an answer the page receives', async ({ page, answerScan }) => {
  await page.route('**/api/health', (route) => route.fulfill({ json: LEAK }));
  await page.goto('/faq');
  expect(await page.evaluate(async () => (await fetch('/api/health')).text())).toContain('$argon2id$');
  await answerScan.settle();
  // Taken, so that this test itself passes; the next one leaves it to fail.
  expect(answerScan.takeFindings()).toEqual([expect.stringContaining('a password hash')]);
});

test('a test whose page receives such an answer fails', async ({ page }) => {
  test.fail(true, 'the answer scan fails this test when it tears down');
  await page.route('**/api/health', (route) => route.fulfill({ json: LEAK }));
  await page.goto('/faq');
  expect(await page.evaluate(async () => (await fetch('/api/health')).text())).toContain('$argon2id$');
});

test('a clean page passes the scan', async ({ page, answerScan }) => {
  await page.goto('/faq');
  expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);
  await answerScan.settle();
  expect(answerScan.scanned).toBeGreaterThan(0);
});
