/**
 * The X link of a profile (docs/product.md §2: the app on phones, the web elsewhere). x.com, not
 * twitter.com, for the web: it needs no redirect.
 */
export function xProfileUrls(twitterId: string): { web: string; app: string } {
  return {
    web: `https://x.com/${encodeURIComponent(twitterId)}`,
    app: `twitter://user?screen_name=${encodeURIComponent(twitterId)}`,
  };
}

/** Phones and tablets, where the X app may be installed; iPadOS reports itself as a Mac with touch. */
export function isHandheld(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}
