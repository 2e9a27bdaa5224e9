import { documentTitle, MESSAGES } from '@hiraku/shared';

/** React hoists <title> into <head>, so each page names its own tab. */
export function PageTitle({ page }: { page: string }) {
  return <title>{documentTitle(page, MESSAGES.site.name)}</title>;
}
