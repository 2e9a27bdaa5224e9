/**
 * The icon shown for a member without one: a plain silhouette in the site's plum tones, drawn here as a
 * data URL so it needs no bundler loader and nothing is fetched from another host.
 */
const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80" width="80" height="80">',
  '<rect width="80" height="80" fill="#f4e7ef"/>',
  '<circle cx="40" cy="31" r="14" fill="#c9a3bb"/>',
  '<path d="M13 76c3-16 14-25 27-25s24 9 27 25z" fill="#c9a3bb"/>',
  '</svg>',
].join('');

export const DEFAULT_PROFILE_ICON_URL = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
