import { withFirstScreen } from './firstScreenHtml';

const PAGE = '<!doctype html><html lang="ja"><head><title>ひらく</title></head><body><header id="boot-header" class="site-header" aria-hidden="true"></header><div id="root"></div></body></html>';

describe('withFirstScreen (a first screen rendered on the server, in its page)', () => {
  it("puts the screen, inert, where the stand-in header was, and its title in the page's head", () => {
    const html = withFirstScreen(PAGE, { title: 'レポート一覧 | ひらく', html: '<div class="app-shell">カード</div>' });
    expect(html).toBe(
      '<!doctype html><html lang="ja"><head><title>レポート一覧 | ひらく</title></head><body><div id="boot-screen" inert><div class="app-shell">カード</div></div><div id="root"></div></body></html>',
    );
  });

  it('takes the markup as it is: `$` in a report is text, not a replacement pattern', () => {
    const html = withFirstScreen(PAGE, { title: "$' &amp; $&", html: "<p>$& $' $1</p>" });
    expect(html).toContain("<title>$' &amp; $&</title>");
    expect(html).toContain("<div id=\"boot-screen\" inert><p>$& $' $1</p></div>");
  });

  it('keeps the page title when the screen has none', () => {
    expect(withFirstScreen(PAGE, { title: null, html: '<p>x</p>' })).toContain('<title>ひらく</title>');
  });
});
