/**
 * What the takedown form can act on: a page of this site that shows one member's content.
 * That is a report (`/reports/12`), one comment on it (`/reports/12#comment-34`) or a member's profile
 * (`/profile/<publicId>`): the pages a visitor's complaint can be about and the operators can hide.
 * Other pages of the site (the list, the search, the guides) hold no one piece of content, and images
 * are named through the report that shows them (their address may be a bucket's, not ours).
 * The browser and the server read an address with this one function, so they agree on what it names.
 */
export type TakedownAddressTarget = { kind: 'report'; reportId: number; commentId: number | null } | { kind: 'member'; publicId: string };

export type TakedownAddressReading =
  | { ok: true; target: TakedownAddressTarget }
  /** `format`: not an http(s) address; `elsewhere`: another site's; `notContent`: ours, but no report, comment or profile. */
  | { ok: false; problem: 'format' | 'elsewhere' | 'notContent' };

const REPORT_PATH = /^\/reports\/([1-9][0-9]{0,15})\/?$/;
const COMMENT_HASH = /^#comment-([1-9][0-9]{0,15})$/;
// Public ids are URL-safe and at most 32 characters (users.public_id).
const PROFILE_PATH = /^\/profile\/([A-Za-z0-9_-]{1,32})\/?$/;

/** An http(s) address, or null: the form's first check, before what the address names. */
export function parseWebAddress(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Reads a takedown address against the site's origin (the server's PUBLIC_URL). The host decides, not the
 * scheme: `http://` typed for an `https://` site still names our page.
 */
export function readTakedownAddress(value: string, siteOrigin: string): TakedownAddressReading {
  const url = parseWebAddress(value);
  if (!url) return { ok: false, problem: 'format' };
  if (url.host !== new URL(siteOrigin).host) return { ok: false, problem: 'elsewhere' };
  const report = REPORT_PATH.exec(url.pathname);
  if (report) {
    const comment = COMMENT_HASH.exec(url.hash);
    return { ok: true, target: { kind: 'report', reportId: Number(report[1]), commentId: comment ? Number(comment[1]) : null } };
  }
  const profile = PROFILE_PATH.exec(url.pathname);
  if (profile) return { ok: true, target: { kind: 'member', publicId: profile[1] ?? '' } };
  return { ok: false, problem: 'notContent' };
}
