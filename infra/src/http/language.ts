import type { FastifyRequest } from 'fastify';

export type Lang = 'fr' | 'en';
export type LocalizedText = Readonly<Record<Lang, string>>;

/** French unless the caller prefers English (the web app sends its UI language in Accept-Language). */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'fr';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'fr';
}
