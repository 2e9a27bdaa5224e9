import { documentTitle, MESSAGES_SITE } from '@hiraku/shared';

/** React hoists <title> into <head>, so each page names its own tab. */
export function PageTitle({ page }: { page: string }) {
  return <title>{documentTitle(page, MESSAGES_SITE.name)}</title>;
}
