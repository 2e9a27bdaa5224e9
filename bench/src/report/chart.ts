import { launchChromium } from '../web/assets';

export interface ChartRow {
  label: string;
  /** API throughput (or speed) as a share of its reference, 1 = as fast as the reference. */
  share: number;
  /** The target share, drawn as a mark, when there is one. */
  target?: number;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A horizontal bar per figure (log scale: shares span 0.1% to 100%), rendered by Chromium to a PNG. */
export async function renderChart(rows: ChartRow[], file: string): Promise<void> {
  const width = 900;
  const rowHeight = 30;
  const left = 190;
  const plot = width - left - 80;
  const height = 70 + rows.length * rowHeight;
  const min = 0.001;
  const x = (share: number) => left + (Math.log10(Math.max(min, Math.min(1, share))) - Math.log10(min)) / -Math.log10(min) * plot;
  const bars = rows
    .map((row, i) => {
      const y = 50 + i * rowHeight;
      const met = row.target === undefined ? null : row.share >= row.target;
      const color = met === null ? '#7a8aa0' : met ? '#2e8b57' : '#c0392b';
      const target = row.target === undefined ? '' : `<line x1="${x(row.target)}" x2="${x(row.target)}" y1="${y - 4}" y2="${y + 22}" stroke="#222" stroke-width="2"/>`;
      return `<text x="${left - 8}" y="${y + 14}" text-anchor="end">${escape(row.label)}</text>
<rect x="${left}" y="${y}" width="${Math.max(1, x(row.share) - left)}" height="18" fill="${color}"/>${target}
<text x="${x(row.share) + 6}" y="${y + 14}">${(row.share * 100).toFixed(row.share < 0.1 ? 1 : 0)}%</text>`;
    })
    .join('\n');
  const ticks = [0.001, 0.01, 0.1, 1]
    .map((t) => `<line x1="${x(t)}" x2="${x(t)}" y1="40" y2="${height - 10}" stroke="#ddd"/><text x="${x(t)}" y="34" text-anchor="middle" fill="#666">${t * 100}%</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="Noto Sans CJK JP, sans-serif" font-size="13">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="18" font-size="15" font-weight="bold">API as a share of its reference (black mark: target; green met, red not met)</text>
${ticks}${bars}</svg>`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await browser.close();
  }
}
