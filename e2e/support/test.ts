import { test as base, expect } from '@playwright/test';
import type mysql from 'mysql2/promise';
import { AnswerScanner, connectToE2eDatabase } from './answerScan';

/**
 * Playwright's `test` with the privacy scan of every API answer (issue 12): each browser context of the
 * test, the default one and any the test opens, has every /api/ answer it receives scanned, and the test
 * fails on a finding. Specs import `test` and `expect` from here (eslint refuses `test` from
 * '@playwright/test' in e2e specs).
 */
interface ScanTotals {
  scanned: number;
  findings: number;
  unreadable: number;
}

export const test = base.extend<{ answerScan: AnswerScanner }, { e2eDatabase: mysql.Connection; scanTotals: ScanTotals }>({
  scanTotals: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const totals: ScanTotals = { scanned: 0, findings: 0, unreadable: 0 };
      await use(totals);
      // The figures SECURITY.md quotes (one line per worker).
      console.info(`answer scan: ${totals.scanned} API answers scanned, ${totals.findings} findings, ${totals.unreadable} unreadable (page gone first)`);
    },
    { scope: 'worker', auto: true },
  ],
  e2eDatabase: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const db = await connectToE2eDatabase();
      await use(db);
      await db.end();
    },
    { scope: 'worker' },
  ],
  answerScan: [
    async ({ context, browser, e2eDatabase, scanTotals }, use) => {
      const scanner = new AnswerScanner(e2eDatabase);
      scanner.watch(context);
      // Contexts the test opens itself (a second member, a visitor) are watched from their first request.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        scanner.watch(opened);
        return opened;
      };
      try {
        await use(scanner);
      } finally {
        browser.newContext = newContext;
      }
      await scanner.settle();
      scanTotals.scanned += scanner.scanned;
      scanTotals.unreadable += scanner.unreadable;
      scanTotals.findings += scanner.findings.length;
      expect(scanner.findings, 'API answers that show what they must not').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
