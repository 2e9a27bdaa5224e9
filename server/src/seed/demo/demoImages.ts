import sharp from 'sharp';
import { createRandom, type Random } from './random';

/**
 * Abstract pictures for the demo, drawn as SVG and rasterised by sharp: soft gradients, loose "rope"
 * curves and round shapes. No photos, no fonts, nothing downloaded; each seed gives its own picture.
 */

const PALETTES: readonly (readonly [string, string, string, string])[] = [
  ['#f6d5d9', '#c97b84', '#5b3a4a', '#fff4e8'],
  ['#dfe7f2', '#8fa6cb', '#2f3e63', '#f7efe3'],
  ['#e9e2f4', '#a58cc8', '#4a3b6b', '#fdf6f0'],
  ['#f3e6d3', '#c9a26b', '#6a4a2f', '#fffaf2'],
  ['#dcefe6', '#7fb39c', '#2f5a4d', '#f8f3ea'],
  ['#f8e1d0', '#e39a7b', '#7a3e2e', '#fff6ee'],
  ['#e4e4ec', '#8c8fb0', '#33354f', '#f5efe6'],
  ['#f2dfe9', '#b97aa1', '#50314a', '#fff3f7'],
];

const MAIN_WIDTH = 1200;
const MAIN_HEIGHT = 800;
const ICON_SIZE = 320;

/** A 1200x800 PNG for a report's main image (processImage turns it into the main image and thumbnail). */
export async function renderReportArt(seed: number): Promise<Buffer> {
  return rasterise(reportArtSvg(seed));
}

/** A 320x320 PNG for a member's icon: a soft gradient circle with a simple shape inside. */
export async function renderIconArt(seed: number): Promise<Buffer> {
  return rasterise(iconArtSvg(seed));
}

function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export function reportArtSvg(seed: number): string {
  const random = createRandom(seed);
  const [light, middle, dark, paper] = random.pick(PALETTES);
  const angle = random.int(0, 359);
  const circles = Array.from({ length: random.int(3, 6) }, () => {
    const r = random.int(60, 260);
    return `<circle cx="${random.int(0, MAIN_WIDTH)}" cy="${random.int(0, MAIN_HEIGHT)}" r="${r}" fill="${random.pick([light, middle, paper])}" fill-opacity="${(0.25 + random.next() * 0.45).toFixed(2)}"/>`;
  });
  const ropes = Array.from({ length: random.int(2, 4) }, () => ropePath(random, random.pick([dark, middle]), random.int(10, 22)));
  const dots = Array.from({ length: random.int(8, 20) }, () => {
    return `<circle cx="${random.int(0, MAIN_WIDTH)}" cy="${random.int(0, MAIN_HEIGHT)}" r="${random.int(3, 9)}" fill="${paper}" fill-opacity="0.8"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${MAIN_WIDTH}" height="${MAIN_HEIGHT}" viewBox="0 0 ${MAIN_WIDTH} ${MAIN_HEIGHT}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${paper}"/>
      <stop offset="0.55" stop-color="${light}"/>
      <stop offset="1" stop-color="${middle}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${circles.join('\n  ')}
  ${ropes.join('\n  ')}
  ${dots.join('\n  ')}
</svg>`;
}

/** A loose curve across the picture, drawn twice (dark then light) so it reads like a twisted rope. */
function ropePath(random: Random, color: string, width: number): string {
  const point = (i: number): [number, number] => [Math.round((MAIN_WIDTH / 3) * i + random.int(-120, 120)), random.int(80, MAIN_HEIGHT - 80)];
  const [p0, p1, p2, p3] = [point(0), point(1), point(2), point(3)];
  const d = `M ${p0[0]} ${p0[1]} C ${p1[0]} ${p1[1] - 200}, ${p2[0]} ${p2[1] + 200}, ${p3[0]} ${p3[1]}`;
  return [
    `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="0.75" stroke-width="${width}" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${Math.max(2, Math.round(width / 4))}" stroke-dasharray="${width} ${width}" stroke-linecap="round"/>`,
  ].join('');
}

export function iconArtSvg(seed: number): string {
  const random = createRandom(seed);
  const [light, middle, dark, paper] = random.pick(PALETTES);
  const half = ICON_SIZE / 2;
  const shapes = [
    // crescent
    `<circle cx="${half}" cy="${half}" r="70" fill="${paper}"/><circle cx="${half + 32}" cy="${half - 22}" r="62" fill="${middle}"/>`,
    // three stacked rings
    [0, 1, 2].map((i) => `<circle cx="${half - 50 + i * 50}" cy="${half}" r="38" fill="none" stroke="${paper}" stroke-width="12" stroke-opacity="0.9"/>`).join(''),
    // four-petal flower
    [0, 90, 180, 270].map((deg) => `<ellipse cx="${half}" cy="${half - 45}" rx="28" ry="48" fill="${paper}" fill-opacity="0.85" transform="rotate(${deg} ${half} ${half})"/>`).join('') +
      `<circle cx="${half}" cy="${half}" r="18" fill="${dark}"/>`,
    // a knot-like loop
    `<path d="M ${half - 80} ${half + 30} C ${half - 80} ${half - 90}, ${half + 80} ${half - 90}, ${half + 80} ${half + 30} S ${half - 40} ${half + 90}, ${half - 80} ${half + 30}" fill="none" stroke="${paper}" stroke-width="16" stroke-linecap="round"/>`,
    // diamond
    `<rect x="${half - 55}" y="${half - 55}" width="110" height="110" rx="18" fill="${paper}" fill-opacity="0.85" transform="rotate(45 ${half} ${half})"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 ${ICON_SIZE} ${ICON_SIZE}">
  <defs>
    <radialGradient id="g" cx="0.35" cy="0.3" r="0.8">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="0.7" stop-color="${middle}"/>
      <stop offset="1" stop-color="${dark}"/>
    </radialGradient>
  </defs>
  <circle cx="${half}" cy="${half}" r="${half}" fill="url(#g)"/>
  ${random.pick(shapes)}
</svg>`;
}
