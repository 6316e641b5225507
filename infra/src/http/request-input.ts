import { isUtf8 } from 'node:buffer';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from './language';
import { HttpProblem, sendProblem } from './problem';

const notUtf8 = new HttpProblem(400, 'MALFORMED_BODY', {
  fr: 'Le corps de la requête n’est pas du texte UTF-8 valide.',
  en: 'The request body is not valid UTF-8 text.',
}, { field: 'body' });

const badEncoding = (field: string) => new HttpProblem(400, 'MALFORMED_URL', {
  fr: `Le paramètre « ${field} » de l’adresse est mal encodé (encodage pourcent ou UTF-8 invalide).`,
  en: `The address parameter "${field}" is badly encoded (invalid percent-encoding or UTF-8).`,
}, { field });

/**
 * Input that never reaches a route's schema, refused at the door of every server, as problem+json in the
 * caller's language: a JSON body that is not UTF-8 (Node would quietly turn its bad bytes into U+FFFD), a
 * query string or a path whose percent-encoding does not decode (Fastify would answer its own JSON, or
 * hand the route the undecoded text).
 */
export function registerStrictInput(app: FastifyInstance) {
  // Fastify's own parser (it refuses __proto__ and constructor.prototype keys), after a check of the bytes.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(notUtf8, undefined);
    parseJson(request, bytes.toString('utf8'), done);
  });

  // A callback hook: no promise for each request.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.raw.url ?? '';
    const mark = url.indexOf('?');
    // Without a '%', there is nothing to decode that could fail.
    if (mark < 0 || !url.includes('%', mark)) return done();
    for (const pair of url.slice(mark + 1).split('&')) {
      const [key = '', value = ''] = splitOnce(pair, '=');
      const name = decodeOrNull(key);
      if (name === null || decodeOrNull(value) === null) return done(badEncoding(name ?? 'query'));
    }
    done();
  });
}

/** The answer to an address Fastify's router cannot decode (`/api/courses/%E0%A4%A`), or whose parameter is too long. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = languageOf(request);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendProblem(reply, lang, new HttpProblem(414, 'URL_TOO_LONG', { fr: 'Un élément de l’adresse est trop long.', en: 'A part of the address is too long.' }, { field: 'path' }));
  }
  return sendProblem(reply, lang, new HttpProblem(400, 'MALFORMED_URL', {
    fr: 'L’adresse est mal encodée (encodage pourcent ou UTF-8 invalide).',
    en: 'The address is badly encoded (invalid percent-encoding or UTF-8).',
  }, { field: 'path' }));
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}
