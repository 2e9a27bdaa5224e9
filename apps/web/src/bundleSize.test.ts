import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * Issue 13's budget: the landing page and /reports each need at most 120 KiB of JavaScript (gzip) before
 * first paint. Builds the web app into a scratch folder (apps/web/dist may be in use by browser tests) and
 * measures it with bench/bundleSize.mjs, the script `npm run build` prints.
 */
const repoRoot = path.resolve(__dirname, '../../..');
const webRoot = path.join(repoRoot, 'apps/web');

interface RouteSize {
  route: string;
  gzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

describe('initial JavaScript of the web app', () => {
  let outDir: string;
  let budgetBytes: number;
  let routes: RouteSize[];

  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), 'hiraku-bundle-'));
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: webRoot,
      stdio: 'pipe',
      // Jest sets NODE_ENV=test, which would make Vite bundle React's development builds.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const report = execFileSync(process.execPath, [path.join(repoRoot, 'bench/bundleSize.mjs'), '--dist', outDir, '--json'], { encoding: 'utf8' });
    ({ budgetBytes, routes } = JSON.parse(report) as { budgetBytes: number; routes: RouteSize[] });
  }, 180_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('measures / and /reports against 120 KiB', () => {
    expect(budgetBytes).toBe(120 * 1024);
    expect(routes.map((r) => r.route)).toEqual(['/', '/reports']);
  });

  it.each(['/', '/reports'])('%s stays within the budget', (route) => {
    const size = routes.find((r) => r.route === route);
    expect(size).toBeDefined();
    // The framework alone is ~95 KiB: a size this large means the measurement found real chunks.
    expect(size?.gzipBytes).toBeGreaterThan(80 * 1024);
    expect(size?.gzipBytes).toBeLessThanOrEqual(budgetBytes);
  });

  it('keeps zod out of the landing page (it is only needed by forms)', () => {
    // zod 4 names its classes with strings that survive minification (quoted one way or another).
    const hasZod = (file: string) => readFileSync(path.join(outDir, file), 'utf8').includes('$ZodType');
    const landing = routes.find((r) => r.route === '/');
    expect(landing?.files.filter((f) => hasZod(f.file))).toEqual([]);
    const all = readdirSync(path.join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    expect(all.some((name) => hasZod(`assets/${name}`))).toBe(true);
  });

  it('writes a .br and a .gz copy of each script, style and the page, decoding to the file itself (the server sends them as they are)', () => {
    const files = [
      ...readdirSync(path.join(outDir, 'assets')).map((name) => `assets/${name}`),
      'index.html',
      ...readdirSync(path.join(outDir, 'first-screens')).map((name) => `first-screens/${name}`),
    ].filter((name) => /\.(js|css|html)$/.test(name));
    const large = files.filter((name) => readFileSync(path.join(outDir, name)).length >= 1024);
    expect(large.some((name) => name.endsWith('.js'))).toBe(true);
    expect(large.some((name) => name.endsWith('.css'))).toBe(true);
    for (const name of large) {
      const original = readFileSync(path.join(outDir, name));
      expect({ name, br: brotliDecompressSync(readFileSync(path.join(outDir, `${name}.br`))).equals(original) }).toEqual({ name, br: true });
      expect({ name, gz: gunzipSync(readFileSync(path.join(outDir, `${name}.gz`))).equals(original) }).toEqual({ name, gz: true });
    }
  });
  it("writes each first screen's page: index.html naming the screen's own scripts, and the manifest the API answers it paints from", () => {
    const pages = JSON.parse(readFileSync(path.join(outDir, '.vite/first-screens.json'), 'utf8')) as Record<string, { page: string; fetch: string[] }>;
    expect(Object.keys(pages)).toEqual(['/', '/reports']);
    const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const preloads = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
    expect(preloads(index, 'preload')).toEqual([]);

    const reports = readFileSync(path.join(outDir, pages['/reports']?.page ?? ''), 'utf8');
    // The page is index.html with links added and its stylesheet moved first: the entry and the stand-in header are the same.
    expect(reports.replace(/\s*<link rel="(modulepreload|preload|stylesheet)"[^>]*>/g, '')).toBe(index.replace(/\s*<link rel="(modulepreload|preload|stylesheet)"[^>]*>/g, ''));
    const stylesheets = [...reports.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    expect(stylesheets).toEqual([...index.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]));
    expect(stylesheets).toHaveLength(1);
    expect(reports.indexOf(stylesheets[0] ?? '')).toBeLessThan(reports.indexOf('<link rel="modulepreload"'));
    // The server reads these answers, renders the screen from them and sends both in the page
    // (server/src/middlewares/firstScreenHtml.ts): the browser does not read them again, so nothing is preloaded.
    expect(pages['/reports']?.fetch).toEqual(['/api/auth/me', '/api/reports/infinite?sort=new&limit=8']);
    expect(preloads(reports, 'preload')).toEqual([]);
    // Every script bench/bundleSize.mjs counts for /reports, each a file of the build named once: the
    // entry's preloads as in index.html, then the route's own.
    const scripts = preloads(reports, 'modulepreload');
    expect(new Set(scripts).size).toBe(scripts.length);
    expect(scripts.some((href) => /\/assets\/ReportsPage-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of scripts) expect(readdirSync(path.join(outDir, 'assets'))).toContain(href.replace('/assets/', ''));
    const measured = routes.find((r) => r.route === '/reports')?.files.map((f) => `/${f.file}`) ?? [];
    const entryScript = measured.filter((file) => index.includes(`src="${file}"`));
    expect(entryScript).toHaveLength(1);
    expect([...scripts].sort()).toEqual(measured.filter((file) => !entryScript.includes(file)).sort());
  });
});
