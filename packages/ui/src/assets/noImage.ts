/**
 * Shown where a report has no image: a soft plum panel with a picture outline, drawn as a data URL so it
 * needs no bundler loader and nothing is fetched from another host. The <img> around it carries the
 * words (画像なし) as its alt text.
 */
const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300">',
  '<rect width="300" height="300" fill="#f4e7ef"/>',
  '<rect x="95" y="105" width="110" height="90" rx="10" fill="none" stroke="#c9a3bb" stroke-width="8"/>',
  '<circle cx="127" cy="135" r="11" fill="#c9a3bb"/>',
  '<path d="M103 187l32-34 22 22 16-14 24 26z" fill="#c9a3bb"/>',
  '</svg>',
].join('');

export const NO_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
