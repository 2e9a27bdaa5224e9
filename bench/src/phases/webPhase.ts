import { spawnSync } from 'node:child_process';
import type { LocalMeilisearch } from '@hiraku/search/src/localMeilisearch';
import type { Cookie } from 'playwright-core';
import { HOST, PORTS, REPO_DIR } from '../config';
import { signIn } from '../load/sessions';
import { appServerOptions, startBenchServer } from '../server/processes';
import { launchChromium, measureAssets, measurePaint, type AssetFigures, type PaintFigures } from '../web/assets';
import { captureRenderedPage, startStaticReference, STATIC_REFERENCE_PATH } from '../web/staticReference';

export interface WebFigures {
  assets: AssetFigures[];
  reportsPaint: PaintFigures & { runs: PaintFigures[] };
  /** The reference: the same cards as a static page, painted from its HTML (staticReference.ts), visited in turns with /reports. */
  staticPaint?: PaintFigures & { runs: PaintFigures[] };
  /** Issue 13's figure: the JavaScript each route needs before its first paint, from the build manifest (bench/bundleSize.mjs). */
  initialJs?: Array<{ route: string; gzipBytes: number }>;
}

// Five visits each, in turns: a 2-core machine gave single LCPs from 0.7x to 1.5x of their median.
const PAINT_RUNS = 5;

/** Builds the web app as `npm start` does, serves it from the real server and measures it in Chromium. */
export async function measureWeb(databaseUrl: string, meili: LocalMeilisearch): Promise<WebFigures> {
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_DIR, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build exited with ${build.status}`);
  const bundle = spawnSync('node', ['bench/bundleSize.mjs', '--json'], { cwd: REPO_DIR, encoding: 'utf8' });
  if (bundle.status !== 0) throw new Error(`bench/bundleSize.mjs exited with ${bundle.status}: ${bundle.stderr}`);
  const initialJs = (JSON.parse(bundle.stdout) as { routes: Array<{ route: string; gzipBytes: number }> }).routes.map(({ route, gzipBytes }) => ({ route, gzipBytes }));
  const app = await startBenchServer(appServerOptions(databaseUrl, meili));
  const browser = await launchChromium();
  try {
    const session = await signIn(app.baseUrl, 0);
    const cookies: Cookie[] = (session.headers.cookie ?? '').split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return { name, value, domain: HOST, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' };
    });
    const assets = [await measureAssets(browser, app.baseUrl, '/'), await measureAssets(browser, app.baseUrl, '/reports', cookies)];
    const reference = await startStaticReference(PORTS.staticWeb, await captureRenderedPage(browser, app.baseUrl, '/reports', cookies), app.baseUrl);
    const runs: PaintFigures[] = [];
    const staticRuns: PaintFigures[] = [];
    try {
      for (let i = 0; i < PAINT_RUNS; i += 1) {
        runs.push(await measurePaint(browser, app.baseUrl, '/reports', cookies));
        staticRuns.push(await measurePaint(browser, reference.baseUrl, STATIC_REFERENCE_PATH, cookies));
      }
    } finally {
      await reference.stop();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const summary = (of: PaintFigures[]) => ({ lcpMs: median(of.map((r) => r.lcpMs)), cls: median(of.map((r) => r.cls)), runs: of });
    return { assets, reportsPaint: summary(runs), staticPaint: summary(staticRuns), initialJs };
  } finally {
    await browser.close();
    await app.stop();
  }
}
