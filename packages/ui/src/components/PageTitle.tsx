import { documentTitle, SITE_TEXTS } from '@hiraku/shared';

/** React hoists <title> into <head>, so each page names its own tab. */
export function PageTitle({ page }: { page: string }) {
  return <title>{documentTitle(page, SITE_TEXTS.name)}</title>;
}
