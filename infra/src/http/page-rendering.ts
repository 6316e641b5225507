import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf, type Lang } from './language';
import { SESSION_COOKIE } from './sessions';
import { RecentMap } from '../cache/recent-map';

/** The cookie the web app sets when the visitor chooses a language (web/src/lib/language.ts). */
const LANGUAGE_COOKIE = 'recup-points.language';

/** What the web app's server entry (web/src/entry-server.tsx, built into web/dist-ssr) exports. */
interface ServerEntry {
  renderPage(request: {
    url: string;
    language: Lang;
    cookie?: string | undefined;
    siteUrl: string;
    api: (call: { url: string; headers: Record<string, string> }) => Promise<{ status: number; headers: Record<string, string>; body: string }>;
  }): Promise<{ status: number; language: Lang; head: string; body: string; state: unknown } | null>;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** Its bytes as sent, per content coding: made once per page kept, on the first visitor who accepts it. */
  encoded?: Partial<Record<ContentCoding, Promise<Buffer>>>;
}

type ContentCoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The coding a page is sent in: brotli, else gzip, when Accept-Encoding takes it (q=0 refuses); null for none. */
export function contentCodingOf(acceptEncoding: string | undefined): ContentCoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A page's HTML in the coding the visitor accepts. A page is mostly its styles (MUI's, some 100 KB) and compresses
 * about twelvefold: on a phone's slow network that is the difference between a page there at once and a second of
 * waiting. Brotli at quality 5: a few milliseconds for a page, nearly the size of the highest quality.
 */
export async function encodedPage(page: RenderedPage, coding: ContentCoding): Promise<Buffer> {
  page.encoded ??= {};
  let bytes = page.encoded[coding];
  if (!bytes) {
    const html = Buffer.from(page.html);
    bytes = coding === 'br'
      ? brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : gzipped(html, { level: 6 });
    page.encoded[coding] = bytes;
  }
  return bytes;
}

type PageRenderer = (request: FastifyRequest) => Promise<RenderedPage | null>;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The page's language: the address's `?lang=` (hreflang links), then the visitor's choice (cookie), then Accept-Language. */
export function pageLanguageOf(request: Pick<FastifyRequest, 'headers' | 'url'>): Lang {
  const asked = new URL(request.url, 'http://page.invalid').searchParams.get('lang') ?? cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  if (asked === 'fr' || asked === 'en') return asked;
  return languageOf(request);
}

const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The built index.html with the rendered page in it: its language, its <head> lines, #root's content, its data. */
export function pageHtml(template: string, page: { language: Lang; head: string; body: string; state: unknown }): string {
  return template
    .replace(/<html lang="[a-z]+"/, `<html lang="${page.language}"`)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', `${page.head}</head>`)
    .replace(/<div id="root">.*<\/div>/, () => `<div id="root" data-ssr>${page.body}</div><script type="application/json" id="ssr-state">${scriptJson(page.state)}</script>`);
}

/**
 * The built index.html made the template of the pages written on the server. Such a page is there, complete and
 * styled, before any script runs, so:
 * - its stylesheets (the fonts' `@font-face` rules, a few hundred bytes) are written into it rather than linked: a
 *   linked stylesheet holds the first paint back by a round trip;
 * - its scripts come after it: the entry is named on one small deferred script (`/page-boot.js`, web/public) that
 *   adds it at low priority once the page has been read, and the browser fetches the chunks it imports together. On a
 *   phone's slow network they would otherwise share the bandwidth with the page and its fonts, for code that only
 *   makes a page already there interactive. The built module preloads are dropped: the entry's imports name the same
 *   chunks.
 * The pages the browser renders itself (the signed-in areas) keep the template as built: their scripts are their
 * first paint.
 */
export function serverPageTemplate(template: string, readAsset: (path: string) => string | undefined): string {
  let entry: string | undefined;
  const withoutScripts = template
    .replace(/[ \t]*<link rel="modulepreload"(?: crossorigin)? href="[^"]+">\n?/g, '')
    .replace(/<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/, (_script, src: string) => {
      entry = src;
      return '@@page-boot@@';
    });
  const boot = entry === undefined ? '' : `<script defer src="/page-boot.js" data-entry="${entry}"></script>`;
  return withoutScripts
    .replace('@@page-boot@@', boot)
    .replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g, (link, path: string) => {
      const css = readAsset(path);
      return css === undefined ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    });
}

/**
 * The public pages rendered on the server (issue 21), when the web app's server entry is built
 * (`web/dist-ssr/entry-server.mjs`, beside `webDist`): null otherwise, and every page is then the browser's.
 * The page's API calls are answered in-process by this server's own routes (fastify.inject), with the visitor's
 * cookie and language, so the places left are those of the read models at this request.
 */
/** How long a page written for anonymous visitors is served again while the read models have not moved (the day may). */
const KEPT_MS = 60_000;
/** Pages kept at least (at most twice as many). */
const KEPT_PAGES = 250;

export async function loadPageRenderer(app: FastifyInstance, webDist: string, options: {
  publicUrl?: string | undefined;
  serverEntry?: string | undefined;
  /** The read models' position: a page written for an anonymous visitor is kept while it stays the same. */
  projectionPosition?: (() => number) | undefined;
} = {}): Promise<PageRenderer | null> {
  const entryPath = options.serverEntry ?? join(webDist, '..', 'dist-ssr', 'entry-server.mjs');
  if (!existsSync(entryPath) || !existsSync(join(webDist, 'index.html'))) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const template = serverPageTemplate(readFileSync(join(webDist, 'index.html'), 'utf8'), (path) => {
    const file = join(webDist, path);
    return path.includes('..') || !existsSync(file) ? undefined : readFileSync(file, 'utf8');
  });
  // Pages written for visitors without a session, per address and language, with the projection position they were
  // read at: a booking (any new event) writes them anew, so the places left shown are always the current ones.
  const kept = new RecentMap<string, { position: number; at: number; page: RenderedPage }>(KEPT_PAGES);
  return async (request) => {
    const siteUrl = (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
    const language = pageLanguageOf(request);
    const anonymous = cookieValue(request.headers.cookie, SESSION_COOKIE) === undefined;
    const key = `${language} ${siteUrl}${request.url}`;
    const position = anonymous ? options.projectionPosition?.() : undefined;
    if (position !== undefined) {
      const found = kept.get(key);
      if (found && found.position === position && Date.now() - found.at < KEPT_MS) return found.page;
    }
    const page = await entry.renderPage({
      url: request.url,
      language,
      cookie: request.headers.cookie,
      siteUrl,
      api: async (call) => {
        const answer = await app.inject({ method: 'GET', url: call.url, headers: { ...call.headers, ...(request.headers.host ? { host: request.headers.host } : {}) } });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers[name] = value;
        return { status: answer.statusCode, headers, body: answer.body };
      },
    });
    if (!page) return null;
    const rendered = { status: page.status, html: pageHtml(template, page) };
    // A page written while the API failed (503) is not kept: the next visitor gets it written anew.
    if (position !== undefined && position === options.projectionPosition?.() && rendered.status < 500) {
      kept.set(key, { position, at: Date.now(), page: rendered });
    }
    return rendered;
  };
}
