import { text } from 'node:stream/consumers';
import { pageWithScreen, splitPage, streamPage, type ScreenWithAnswers } from './firstScreenHtml';

const PAGE =
  '<!doctype html><html lang="ja"><head><title>ひらく</title><link rel="stylesheet" href="/assets/a.css"></head><body><header id="boot-header" class="site-header" aria-hidden="true"></header><div id="root"></div></body></html>';

describe('a first screen rendered on the server, in its page', () => {
  it("puts the screen, inert, where the stand-in header was, and its title in the page's head", () => {
    const html = pageWithScreen(splitPage(PAGE), { title: 'レポート一覧 | ひらく', html: '<div class="app-shell">カード</div>', answers: { '/api/auth/me': { ok: 1 } } });
    expect(splitPage(PAGE).head + html).toBe(
      '<!doctype html><html lang="ja"><head><link rel="stylesheet" href="/assets/a.css"><title>レポート一覧 | ひらく</title>\n  </head><body><div id="boot-screen" inert><div class="app-shell">カード</div></div>' +
        '<script type="application/json" id="first-answers">{"/api/auth/me":{"ok":1}}</script><div id="root"></div></body></html>',
    );
  });

  it('takes the markup as it is: `$` in a report is text, not a replacement pattern', () => {
    const html = pageWithScreen(splitPage(PAGE), { title: "$' &amp; $&", html: "<p>$& $' $1</p>", answers: {} });
    expect(html).toContain("<title>$' &amp; $&</title>");
    expect(html).toContain("<div id=\"boot-screen\" inert><p>$& $' $1</p></div>");
  });

  it("keeps the page's title, and its stand-in, when there is no screen or it has no title", () => {
    expect(pageWithScreen(splitPage(PAGE), { title: null, html: '<p>x</p>', answers: {} })).toContain('<title>ひらく</title>');
    const without = pageWithScreen(splitPage(PAGE), null);
    expect(without).toContain('<title>ひらく</title>');
    expect(without).toContain('<header id="boot-header"');
    expect(without).not.toContain('first-answers');
  });

  it('sends the answers as JSON no report text can end early, read back as they were', () => {
    const answers = { '/api/reports/infinite?sort=new&limit=8': { data: [{ title: '</script><script>alert(1)</script> <!-- 縄' }] } };
    const html = pageWithScreen(splitPage(PAGE), { title: '一覧', html: '<p>カード</p>', answers });
    const script = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    expect(html).not.toContain('</script><script>alert');
    expect(JSON.parse(script?.[1] ?? '')).toEqual(answers);
  });

  it('sends the head at once and the rest when the screen is ready', async () => {
    let finish: (screen: ScreenWithAnswers) => void = () => undefined;
    const stream = streamPage(splitPage(PAGE), new Promise((resolve) => (finish = resolve)));
    const first = (await new Promise<Buffer>((resolve) => stream.once('data', resolve))).toString();
    expect(first).toBe('<!doctype html><html lang="ja"><head><link rel="stylesheet" href="/assets/a.css">');
    const rest = text(stream);
    finish({ title: '一覧', html: '<p>カード</p>', answers: {} });
    expect(await rest).toContain('<title>一覧</title>');
  });

  it('ends the page without a screen when the rendering fails', async () => {
    const page = await text(streamPage(splitPage(PAGE), Promise.reject(new Error('boom'))));
    expect(page).toContain('<title>ひらく</title>');
    expect(page).toContain('<header id="boot-header"');
    expect(page.endsWith('</html>')).toBe(true);
  });
});
