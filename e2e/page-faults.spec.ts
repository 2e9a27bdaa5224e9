import { expect, test } from './support/test';

/**
 * The fixture's own check (support/test.ts, pageFaults): each test here makes a page do what must fail
 * a test, sees the fixture record it, and is expected to fail for it. Should the guard stop failing
 * tests, these pass, and an unexpected pass fails the run.
 */
test.describe('every test fails on a page fault', () => {
  test('an uncaught error in the page', async ({ page, pageFaults }) => {
    test.fail();
    await page.goto('/');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('page-faults guard check');
      });
    });
    await expect.poll(() => pageFaults.faults.join('\n')).toContain('page-faults guard check');
  });

  test('an image the Content-Security-Policy refuses', async ({ page, pageFaults }) => {
    test.fail();
    await page.goto('/');
    // Another origin than the app's (and than any storage origin): img-src refuses it.
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'http://127.0.0.2:9/refused.png';
      image.alt = '';
      document.body.append(image);
    });
    await expect.poll(() => pageFaults.faults.join('\n')).toContain('CSP violation: img-src refused http://127.0.0.2:9/refused.png');
  });
});
