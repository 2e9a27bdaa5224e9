import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type mysql from 'mysql2/promise';
import { AnswerScanner, connectToE2eDatabase } from './answerScan';

/**
 * Playwright's `test` with the privacy scan of every API answer (issue 12): each browser context of the
 * test, the default one and any the test opens, has every /api/ answer it receives scanned, and the test
 * fails on a finding. Specs import `test` and `expect` from here (eslint refuses `test` from
 * '@playwright/test' in e2e specs). The same contexts are watched for page faults too (pageFaults): an
 * uncaught error in a page, or anything its Content-Security-Policy refused, fails the test.
 */
interface ScanTotals {
  scanned: number;
  findings: number;
  unreadable: number;
}

/** What a page did wrong: an uncaught error, or a load or script its policy refused. */
export class PageFaults {
  readonly faults: string[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    // The policy's own report, raised in the page before any of its scripts run.
    await context.exposeBinding('__hirakuPolicyViolation', (_source, violation: string) => this.faults.push(`CSP violation: ${violation}`));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __hirakuPolicyViolation?: (violation: string) => void }).__hirakuPolicyViolation;
        void report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${event.documentURI}`);
      });
    });
    const watchPage = (page: Page) => {
      page.on('pageerror', (error) => this.faults.push(`uncaught in ${page.url()}: ${error.message}`));
      // Chromium also logs every refusal; this catches one made before the listener could be told.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) this.faults.push(`CSP (console): ${message.text()}`);
      });
    };
    context.pages().forEach(watchPage);
    context.on('page', watchPage);
  }
}

export const test = base.extend<{ answerScan: AnswerScanner; pageFaults: PageFaults }, { e2eDatabase: mysql.Connection; scanTotals: ScanTotals }>({
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
  pageFaults: [
    async ({ context }, use) => {
      const faults = new PageFaults();
      await faults.watch(context);
      await use(faults);
      expect(faults.faults, 'uncaught page errors and Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  answerScan: [
    async ({ context, browser, e2eDatabase, scanTotals, pageFaults }, use) => {
      const scanner = new AnswerScanner(e2eDatabase);
      scanner.watch(context);
      // Contexts the test opens itself (a second member, a visitor) are watched from their first request.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        scanner.watch(opened);
        await pageFaults.watch(opened);
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
