import zlib from 'node:zlib';
import { chromium, type Browser, type Cookie } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../config';

export interface AssetFigures {
  path: string;
  /** As they crossed the wire (after whatever Content-Encoding the server used). */
  wireJsBytes: number;
  wireCssBytes: number;
  /** What the same files weigh compressed: gzip -9 and brotli q11, as precompressed assets would. */
  gzipJsBytes: number;
  gzipCssBytes: number;
  brotliJsBytes: number;
  brotliCssBytes: number;
  files: string[];
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Every script and stylesheet a fresh visit to `path` loads until the network is idle. */
export async function measureAssets(browser: Browser, baseUrl: string, path: string, cookies: Cookie[] = []): Promise<AssetFigures> {
  const context = await browser.newContext();
  await context.addCookies(cookies);
  const page = await context.newPage();
  const pending: Array<Promise<void>> = [];
  const figures: AssetFigures = { path, wireJsBytes: 0, wireCssBytes: 0, gzipJsBytes: 0, gzipCssBytes: 0, brotliJsBytes: 0, brotliCssBytes: 0, files: [] };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        const js = type === 'script';
        figures[js ? 'wireJsBytes' : 'wireCssBytes'] += sizes.responseBodySize;
        figures[js ? 'gzipJsBytes' : 'gzipCssBytes'] += zlib.gzipSync(body, { level: 9 }).length;
        figures[js ? 'brotliJsBytes' : 'brotliCssBytes'] += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        figures.files.push(new URL(response.url()).pathname);
      })(),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return figures;
}

export interface PaintFigures {
  lcpMs: number;
  cls: number;
  /** What moved, per layout shift (Chromium's own attribution), so a CLS above 0 names its cause. */
  shifts?: Array<{ value: number; moved: string[] }>;
  /** Where the time before the LCP went: when the HTML, the last script and each API answer arrived (ms from navigation start). */
  timeline?: PaintTimeline;
}

export interface PaintTimeline {
  htmlMs: number;
  /** When the stylesheets had arrived: nothing paints before. */
  stylesheetMs?: number;
  /** The first paint with content (text or an image). */
  firstContentfulPaintMs?: number;
  scripts: number;
  lastScriptMs: number;
  domContentLoadedMs: number;
  api: Array<{ path: string; startMs: number; endMs: number }>;
  lcpElement: string;
}

/**
 * LCP and CLS of one visit, read from the page's own PerformanceObservers once the network is idle and
 * the page has had a moment with nothing loading (layout shifts after the data arrive are the point).
 */
export async function measurePaint(browser: Browser, baseUrl: string, path: string, cookies: Cookie[] = []): Promise<PaintFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number; __shifts: Array<{ value: number; moved: string[] }> };
    w.__lcp = 0;
    w.__lcpElement = '';
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null; url?: string }>) {
        w.__lcp = entry.startTime;
        const element = entry.element;
        w.__lcpElement = element ? `${element.tagName.toLowerCase()}${element.getAttribute('class') ? `.${(element.getAttribute('class') ?? '').split(' ')[0]}` : ''}${entry.url ? ` ${entry.url.replace(location.origin, '')}` : ''}` : '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }>) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const moved = entry.sources.map((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return String(node);
          return [node, node.parentElement]
            .filter((element): element is Element => element !== null)
            .map((element) => `${element.tagName.toLowerCase()}${element.getAttribute('class') ? `.${(element.getAttribute('class') ?? '').split(' ').join('.')}` : ''}`)
            .join(' in ')
            .concat(` "${(node.textContent ?? '').trim().slice(0, 24)}"`);
        });
        w.__shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // Two animation frames: the observers deliver the last entries of the final layout.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const figures = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number; __shifts: Array<{ value: number; moved: string[] }> };
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((entry) => entry.name.endsWith('.js'));
    const timeline = {
      htmlMs: Math.round(navigation?.responseEnd ?? 0),
      stylesheetMs: Math.round(Math.max(0, ...resources.filter((entry) => entry.name.endsWith('.css')).map((entry) => entry.responseEnd))),
      firstContentfulPaintMs: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
      scripts: scripts.length,
      lastScriptMs: Math.round(Math.max(0, ...scripts.map((entry) => entry.responseEnd))),
      domContentLoadedMs: Math.round(navigation?.domContentLoadedEventEnd ?? 0),
      api: resources
        .filter((entry) => entry.name.includes('/api/'))
        .map((entry) => ({ path: new URL(entry.name).pathname, startMs: Math.round(entry.startTime), endMs: Math.round(entry.responseEnd) })),
      lcpElement: w.__lcpElement,
    };
    return { lcpMs: w.__lcp, cls: w.__cls, shifts: w.__shifts, timeline };
  });
  await context.close();
  return figures;
}
