import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contentCodingOf, encodedPage, pageHtml, pageLanguageOf, serverPageTemplate } from './page-rendering';

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

  it('is sent compressed as the visitor accepts it, brotli first, and reads back the same', async () => {
    expect(contentCodingOf('gzip, deflate, br')).toBe('br');
    expect(contentCodingOf('gzip;q=0.8, br;q=0')).toBe('gzip');
    expect(contentCodingOf('identity')).toBeNull();
    expect(contentCodingOf(undefined)).toBeNull();
    const page = { status: 200, html: `<main>${'Stage à Toulon, 229,00 € '.repeat(400)}</main>` };
    const br = await encodedPage(page, 'br');
    const gz = await encodedPage(page, 'gzip');
    expect(brotliDecompressSync(br).toString()).toBe(page.html);
    expect(gunzipSync(gz).toString()).toBe(page.html);
    expect(br.length).toBeLessThan(page.html.length / 10);
    // Kept with the page: the next visitor gets the same bytes without compressing again.
    expect(await encodedPage(page, 'br')).toBe(br);
  });
});

describe('the template of a page written on the server', () => {
  const BUILT = [
    '<!doctype html><html lang="fr"><head><title>R</title>',
    '    <script type="module" crossorigin src="/assets/index-A1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/shell-C3.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/shell-D4.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  it('has its stylesheet written in, and its entry named on the one deferred loader that adds it at low priority', () => {
    const template = serverPageTemplate(BUILT, (path) => (path === '/assets/shell-D4.css' ? '@font-face{font-family:Roboto;font-display:optional}' : undefined));
    expect(template).toContain('<style>@font-face{font-family:Roboto;font-display:optional}</style>');
    expect(template).not.toContain('rel="stylesheet"');
    expect(template).not.toContain('modulepreload');
    expect(template).not.toContain('type="module"');
    expect(template).toContain('<script defer src="/page-boot.js" data-entry="/assets/index-A1.js"></script>');
  });

  it('keeps a stylesheet it cannot read linked', () => {
    expect(serverPageTemplate(BUILT, () => undefined)).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-D4.css">');
  });
});

