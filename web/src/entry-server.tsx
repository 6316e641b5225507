/**
 * The server rendering of the public pages (issue 21), built by `vite build --ssr` into web/dist-ssr and called by
 * the server that serves the web app (infra/src/http/page-rendering.ts). React 19's server rendering
 * (renderToPipeableStream, written out once every lazy page and text is there), Emotion's styles gathered from a
 * cache of the render's own as MUI documents for server rendering (the steps of @emotion/server's
 * extractCriticalToChunks), react-router's StaticRouter over the very routes the browser uses, and TanStack Query's
 * dehydrate: the page is written with its data, and the browser hydrates it with the same data (main.tsx).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { defaultShouldDehydrateQuery, dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { aName, deName } from '@recup/shared-events/text/french-place-names';
import { initI18n } from './app/i18n';
import { courseQueries } from './features/courses/api/course-queries';
import { SHELL_NAMESPACES } from './app/i18n-namespaces';
import { resources } from './app/i18n-resources';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadPage, routes } from './app/router';
import { isApiError, setApiTransport } from './lib/api-client';
import { LANGUAGES, type Language } from './lib/language';
import { createQueryClient } from './lib/query-client';
import { ServerHeadContext, type ServerHead } from './lib/use-document-title';
import { headOfPage } from './ssr/page-head';

/** What answers the page's API calls in-process (the query API's handlers through fastify.inject). */
export type ApiCall = (request: { url: string; headers: Record<string, string> }) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

export type PageRequest = {
  /** The address asked for, path and query. */
  url: string;
  language: Language;
  /** The visitor's Cookie header (their session: the header shows them signed in, as the browser will). */
  cookie?: string | undefined;
  /** The site's address, for canonical links and the structured data. */
  siteUrl: string;
  api: ApiCall;
};

export type RenderedPage = {
  status: number;
  language: Language;
  /** Written into <head>: title, description, canonical and alternate links, structured data, the styles. */
  head: string;
  /** The content of #root. */
  body: string;
  /** The data the page was written with, for the browser's hydration (read by main.tsx). */
  state: { language: Language; dehydrated: DehydratedState };
};

/** The pages anyone may read, rendered on the server; the others (signed-in areas, token links) stay the browser's. */
const PUBLIC_PATHS = new Set(['/', '/courses', '/courses/:id', '/how-it-works', '/faq', '/contact', '/legal-notice', '/privacy-policy', '/terms-and-conditions', '/cookies', '*']);

export function isPublicPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches.at(-1)?.route.path;
  return last !== undefined && PUBLIC_PATHS.has(last);
}

// Every text of both languages is there at once on the server: one i18next instance per language.
const i18nOf = new Map<Language, I18n>();
function i18nFor(language: Language): I18n {
  let instance = i18nOf.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      resources, lng: language, fallbackLng: 'fr', supportedLngs: [...LANGUAGES], ns: [...SHELL_NAMESPACES], defaultNS: 'common',
      interpolation: { escapeValue: false }, returnNull: false, initAsync: false,
    });
    instance.services.formatter?.add('de', (value) => deName(String(value)));
    instance.services.formatter?.add('à', (value) => aName(String(value)));
    i18nOf.set(language, instance);
  }
  return instance;
}
// The global instance (what preloadPage loads namespaces into) has them all too: nothing is fetched.
void initI18n('fr', resources);

// The API client's calls made during a render go to the request's own in-process API, in its language and session.
const currentRequest = new AsyncLocalStorage<PageRequest>();
setApiTransport(async (url, init) => {
  const request = currentRequest.getStore();
  if (!request) throw new Error('an API call outside a page rendering');
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': request.language };
  if (request.cookie) headers.cookie = request.cookie;
  if ((init.method ?? 'GET') !== 'GET') throw new Error('a page rendering only reads');
  const answer = await request.api({ url, headers });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
});

/** A render that waits for every lazy page, component and text: what the page asks for is known after it. */
function renderWhenAllReady(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    // Written out once everything is there (lazy pages, their texts): complete HTML, no streamed inline script.
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

/** @emotion/server's extractCriticalToChunks and constructStyleTagsFromChunks, over the render's own cache. */
function styleTagsOf(cache: EmotionCache, html: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'g'))) used.add(match[1]!);
  const ids: string[] = [];
  let css = '';
  const globals: string[] = [];
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const registered = cache.registered[`${cache.key}-${id}`] !== undefined;
    if (registered && used.has(id)) {
      ids.push(id);
      css += rules;
    } else if (!registered) {
      globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`;
}

function tree(client: QueryClient, request: PageRequest, options: { cache?: EmotionCache; head?: ServerHead; dehydrated?: DehydratedState } = {}) {
  const app = (
    <I18nextProvider i18n={i18nFor(request.language)}>
      <AppProvider client={client} dehydratedState={options.dehydrated}>
        <StaticRouter location={request.url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </I18nextProvider>
  );
  const head = options.head;
  // As main.tsx hydrates it: the same tree, StrictMode included.
  const withHead = (
    <StrictMode>
      <ServerHeadContext.Provider value={head ? (named) => Object.assign(head, named) : null}>{app}</ServerHeadContext.Provider>
    </StrictMode>
  );
  return options.cache ? <CacheProvider value={options.cache}>{withHead}</CacheProvider> : withHead;
}

function newStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  // Styles go to cache.inserted rather than inline <style> beside each element: gathered into <head> below.
  cache.compat = true;
  return cache;
}

/** What the page reads of a failure, its status (404: the course does not exist): not the server's own words. */
const failureOf = (error: unknown) => (error == null ? error : { status: isApiError(error) ? error.status : 0 });

/**
 * The queries' answers, and their failures too: a page whose data the API refused or could not give is written
 * saying so (the course does not exist, or could not be loaded), not as loading for ever. A failure crosses to the
 * browser as JSON, reduced to its status; the final render reads it from there too, as the browser's hydration will.
 */
function dehydrateAnswers(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error' });
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? { ...query, state: { ...query.state, error: failureOf(query.state.error), fetchFailureReason: failureOf(query.state.fetchFailureReason) } }
        : query,
    ),
  } as DehydratedState;
}

/**
 * The page at `request.url` written out, or null when it is not a public page. Its queries are found by rendering
 * it (each useQuery names what it needs), fetched, and the page rendered again with their answers.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  const { pathname, searchParams } = new URL(request.url, 'http://page.invalid');
  if (!isPublicPage(pathname)) return null;
  await preloadPage({ pathname });
  return currentRequest.run(request, async () => {
    const client = createQueryClient();
    const asked = new Set<string>();
    // A query may depend on another's answer: a few rounds until the page asks for nothing new.
    for (let round = 0; round < 3; round += 1) {
      await renderWhenAllReady(tree(client, request, { cache: newStyleCache() }));
      const wanted = client.getQueryCache().getAll().filter((query) => query.state.status === 'pending' && !asked.has(query.queryHash));
      if (wanted.length === 0) break;
      for (const query of wanted) asked.add(query.queryHash);
      await Promise.all(wanted.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })));
    }
    const failed = client.getQueryCache().getAll().map((query) => query.state.error);
    const courseMissing = failed.some((error) => isApiError(error) && error.status === 404);
    // A query the API could not answer (5xx, or no answer at all): the page says so, and is no page to index or keep.
    const unavailable = failed.some((error) => error != null && !(isApiError(error) && error.status < 500));
    // The browser hydrates from this state alone: the final render is made from it too, on a fresh client.
    const dehydrated = dehydrateAnswers(client);
    const head: ServerHead = { title: '', description: '' };
    const cache = newStyleCache();
    // Everything it uses has loaded by now: written in one piece, with no streamed boundary (and so no inline
    // script, which the Content-Security-Policy would refuse).
    const body = renderToString(tree(createQueryClient(), request, { cache, head, dehydrated }));
    const notFound = (matchRoutes(routes, pathname) ?? []).at(-1)?.route.path === '*' || courseMissing;
    const courseId = (matchRoutes(routes, pathname) ?? []).at(-1)?.route.path === '/courses/:id' ? decodeURIComponent(pathname.slice('/courses/'.length)) : null;
    const course = courseId ? client.getQueryData(courseQueries.detail(courseId).queryKey) : undefined;
    return {
      status: unavailable ? 503 : notFound ? 404 : 200,
      language: request.language,
      head: headOfPage({ head, pathname, searchParams, siteUrl: request.siteUrl, language: request.language, course, indexable: !notFound && !unavailable }) + styleTagsOf(cache, body),
      body,
      state: { language: request.language, dehydrated },
    };
  });
}
