import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical axe findings on the page as it is now, each as `label: rule (impact) targets`, so a
 * failing `expect(findings).toEqual([])` says where and what. Minor and moderate findings are left to review.
 */
export async function seriousFindings(page: Page, label = page.url()): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
