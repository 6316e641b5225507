import { describe, expect, it } from 'vitest';
import { pageHtml, pageLanguageOf } from './page-rendering';

const TEMPLATE = [
  '<!doctype html><html lang="fr"><head><title>Récup\'Points</title>',
  '<meta name="description" content="site" /></head>',
  '<body><div id="root"><div class="boot-bar"><div class="boot-brand">R</div></div></div><script type="module" src="/assets/index.js"></script></body></html>',
].join('\n');

describe('a page written on the server', () => {
  it('is in the language its address names, else the visitor chose (cookie), else Accept-Language', () => {
    expect(pageLanguageOf({ url: '/courses?lang=en', headers: { cookie: 'recup-points.language=fr', 'accept-language': 'fr' } })).toBe('en');
    expect(pageLanguageOf({ url: '/courses', headers: { cookie: 'rp_session=x; recup-points.language=en', 'accept-language': 'fr' } })).toBe('en');
    expect(pageLanguageOf({ url: '/courses', headers: { 'accept-language': 'en-GB,en;q=0.9' } })).toBe('en');
    expect(pageLanguageOf({ url: '/courses?lang=xx', headers: {} })).toBe('fr');
  });

  it('goes into the built index.html: its language, its head in place of the site’s title, #root, its data that no text can close', () => {
    const html = pageHtml(TEMPLATE, { language: 'en', head: '<title>Course</title>', body: '<main>Toulon</main>', state: { text: '</script><script>alert(1)</script>' } });
    expect(html).toContain('<html lang="en"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Course</title></head>');
    expect(html).not.toContain('name="description" content="site"');
    expect(html).toContain('<div id="root" data-ssr><main>Toulon</main></div><script type="application/json" id="ssr-state">');
    expect(html).not.toContain('</script><script>alert(1)');
    const state = /id="ssr-state">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(state)).toEqual({ text: '</script><script>alert(1)</script>' });
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });
});
