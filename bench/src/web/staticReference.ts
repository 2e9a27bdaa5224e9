import http from 'node:http';
import type { Browser, Cookie } from 'playwright-core';
import { HOST } from '../config';

/** Where the static reference serves its one page; every other path goes to the app. */
export const STATIC_REFERENCE_PATH = '/__static-reports';

/**
 * The reference of `/reports`'s LCP: the page as the app rendered it for a signed-in member
 * (the same cards, markup, stylesheets and images) with its scripts taken out, so a browser paints it
 * straight from the HTML. The gap between the two is what the app's own loading adds: the script, the
 * session check and the feed request before the first card.
 */
export async function captureRenderedPage(browser: Browser, baseUrl: string, path: string, cookies: Cookie[]): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // The cards come with the feed's answer, which a loaded machine may send after the network looked idle.
  await page.waitForSelector('.report-card', { timeout: 60_000 });
  const html = await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="fetch"]'))) element.remove();
    return `<!doctype html>\n${document.documentElement.outerHTML}`;
  });
  await context.close();
  if (!html.includes('class="report-card"')) throw new Error(`the rendered ${path} holds no report card`);
  return html;
}

/** Serves `html` at STATIC_REFERENCE_PATH and passes every other GET (stylesheets, images) to `upstream`. */
export async function startStaticReference(port: number, html: string, upstream: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.url === STATIC_REFERENCE_PATH) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html);
        return;
      }
      const answer = await fetch(`${upstream}${req.url ?? '/'}`, { headers: { cookie: req.headers.cookie ?? '' } });
      const body = Buffer.from(await answer.arrayBuffer());
      // fetch already decoded the body: its length and encoding are ours to state.
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream', 'content-length': body.length });
      res.end(body);
    })().catch((error: unknown) => {
      res.writeHead(502);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  return {
    baseUrl: `http://${HOST}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
