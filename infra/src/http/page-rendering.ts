import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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

interface RenderedPage {
  status: number;
  html: string;
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
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
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
    if (position !== undefined && position === options.projectionPosition?.()) {
      kept.set(key, { position, at: Date.now(), page: rendered });
    }
    return rendered;
  };
}
