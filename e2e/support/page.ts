import type { Locator, Page } from '@playwright/test';

/** The page's main landmark, where each screen's own content is. */
export function main(page: Page): Locator {
  return page.getByRole('main');
}
