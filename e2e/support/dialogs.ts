import type { Page } from '@playwright/test';

/** Browser dialogs in order. Each is accepted, as a member pressing OK, unless `dismiss` matches it. */
export function collectDialogs(page: Page, { dismiss }: { dismiss?: RegExp } = {}): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void (dismiss?.test(dialog.message()) ? dialog.dismiss() : dialog.accept());
  });
  return messages;
}
