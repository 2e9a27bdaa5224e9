import { expect, type Locator, type Page } from '@playwright/test';
import { TEXTS } from '@hiraku/shared';

/** The page's main landmark, where each screen's own content is. */
export function main(page: Page): Locator {
  return page.getByRole('main');
}

/**
 * Presses さらに読み込む, as an operator would, until `item` shows on a paged list (the case queue, the
 * audit log). The queue lists the most severe and oldest cases first, so the open cases other specs left
 * can fill its first pages.
 */
export async function revealInList(page: Page, item: Locator, what = 'the item'): Promise<void> {
  const more = main(page).getByRole('button', { name: TEXTS.common.loadMore });
  await expect
    .poll(
      async () => {
        if (await item.first().isVisible()) return true;
        // The list may load its next page by itself (its sentinel came into view) and the button leave while
        // being clicked: a short click that may miss, and the next round looks again.
        if (await more.isVisible()) await more.click({ timeout: 1_000 }).catch(() => undefined);
        return false;
      },
      { message: `${what} shows in the list`, timeout: 30_000 },
    )
    .toBe(true);
}
