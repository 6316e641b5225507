import type { FastifyRequest } from 'fastify';
import type { Lang } from './language';

/**
 * Whether the browser is showing the answer as a page (a link followed, an address typed, Back, a form posted)
 * rather than a script reading it. The web app's calls say `Sec-Fetch-Mode: cors` (or `same-origin`) and accept
 * JSON; a navigation says `navigate`, or, from a client that sends no fetch metadata, accepts HTML and not JSON.
 */
export function isNavigation(request: Pick<FastifyRequest, 'headers'>): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  const accept = request.headers.accept;
  return typeof accept === 'string' && /\btext\/html\b/i.test(accept) && !/json/i.test(accept);
}

type Words = { title: string; home: string; bookings: string; code: string };

const TITLES: Record<Lang, Record<'400' | '401' | '403' | '404' | '409' | '429' | '5xx', string>> = {
  fr: {
    400: 'Cette demande ne peut pas aboutir',
    401: 'Connexion requise',
    403: 'Accès refusé',
    404: 'Cette page n’existe pas ou n’est plus disponible',
    409: 'Cette action n’est plus possible',
    429: 'Trop de tentatives',
    '5xx': 'Une erreur est survenue',
  },
  en: {
    400: 'This request cannot go through',
    401: 'Sign-in required',
    403: 'Access denied',
    404: 'This page does not exist or is no longer available',
    409: 'This action is no longer possible',
    429: 'Too many attempts',
    '5xx': 'Something went wrong',
  },
};

function wordsFor(lang: Lang, status: number, code: string): Words {
  const key = status >= 500 ? '5xx' : (String(status) as keyof (typeof TITLES)['fr']);
  const title = TITLES[lang][key] ?? TITLES[lang]['400'];
  return lang === 'fr'
    ? { title, home: 'Retour à l’accueil', bookings: 'Voir mes réservations', code: `Code : ${code}` }
    : { title, home: 'Back to the home page', bookings: 'View my bookings', code: `Code: ${code}` };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a person sees when a navigation ends in an error: what happened in their language, the same in the
 * other one, and the ways on (the bookings, the home page). Never a JSON body; the stable code is printed small
 * for support. Self-contained (inline style, no script), under the site's Content-Security-Policy.
 */
export function problemPage(input: { status: number; code: string; message: Record<Lang, string>; lang: Lang }): string {
  const other: Lang = input.lang === 'fr' ? 'en' : 'fr';
  const main = wordsFor(input.lang, input.status, input.code);
  const second = wordsFor(other, input.status, input.code);
  return `<!doctype html>
<html lang="${input.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(main.title)} — Récup'Points</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fb;color:#1a1a2e;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px 24px;margin:16px;max-width:520px}
.brand{color:#0b3d91;font-weight:700;margin:0 0 16px}h1{font-size:1.4rem;line-height:1.3;margin:0 0 12px}h2{font-size:1.05rem;margin:0 0 8px}p{line-height:1.5;margin:0 0 16px}
nav{display:flex;flex-wrap:wrap;gap:12px;margin:24px 0}a{font-size:1rem;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600}
.primary{background:#0b3d91;color:#fff}.secondary{border:1px solid #0b3d91;color:#0b3d91}a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
section{border-top:1px solid #dde2ee;padding-top:16px;color:#3d4254}.code{font-size:.85rem;color:#555b6e}</style></head>
<body><main>
<p class="brand">Récup'Points</p>
<h1>${escapeHtml(main.title)}</h1>
<p>${escapeHtml(input.message[input.lang])}</p>
<nav aria-label="${input.lang === 'fr' ? 'Et maintenant' : 'Where next'}"><a class="primary" href="/dashboard">${escapeHtml(main.bookings)}</a><a class="secondary" href="/">${escapeHtml(main.home)}</a></nav>
<section lang="${other}"><h2>${escapeHtml(second.title)}</h2><p>${escapeHtml(input.message[other])}</p></section>
<p class="code">${escapeHtml(main.code)} · HTTP ${input.status}</p>
</main></body></html>`;
}
