import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HIDDEN_CHARACTERS, PERSON_NAME_RULE } from '@recup/shared-events/text/visible-text';
import { LICENCE_NUMBER_RULE } from '@recup/shared-events/users/licence-number';
import { languageOf, type Lang, type LocalizedText } from './language';
import { isNavigation, problemPage } from './problem-page';

interface ProblemExtras {
  /** The invalid field, for validation errors. */
  field?: string;
  requiresVerification?: boolean;
  retryAfterSeconds?: number;
  /** What the caller needs to know of the state that refused the call (`bookingStatus`...), as extension members. */
  members?: Record<string, string | number | boolean>;
}

/** An error the caller can act on: answered as `application/problem+json` with a stable code. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly text: LocalizedText,
    readonly extras: ProblemExtras = {},
  ) {
    super(text.en);
    this.name = 'HttpProblem';
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * A caller's script gets problem+json; a person whose browser navigated here (a link, Back, a form) gets a
 * readable page in their language with the same status, never a JSON body.
 */
export function sendProblem(reply: FastifyReply, lang: Lang, problem: HttpProblem) {
  if (problem.extras.retryAfterSeconds !== undefined) reply.header('Retry-After', String(problem.extras.retryAfterSeconds));
  if (isNavigation(reply.request)) {
    return reply
      .status(problem.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(problemPage({ status: problem.status, code: problem.code, message: problem.text, lang }));
  }
  return reply
    .status(problem.status)
    .type('application/problem+json')
    .send({
      // A state's members first: they never take the place of problem+json's own (RFC 9457).
      ...(problem.extras.members ?? {}),
      type: `https://recup-points.fr/problems/${problem.code.toLowerCase().replaceAll('_', '-')}`,
      title: TITLES[problem.status] ?? 'Error',
      status: problem.status,
      code: problem.code,
      message: problem.text[lang],
      ...(problem.extras.field !== undefined ? { field: problem.extras.field } : {}),
      ...(problem.extras.requiresVerification ? { requiresVerification: true } : {}),
    });
}

const zodLocales = { fr: z.locales.fr(), en: z.locales.en() };

/** The name fields, as a message names them. */
const NAME_FIELDS: Record<string, LocalizedText> = {
  firstName: { fr: 'Le prénom', en: 'The first name' },
  lastName: { fr: 'Le nom', en: 'The last name' },
};

/** Fields as a message names them, by key ("La ville", "City"): what a person reads under the field of a form. */
type FieldLabels = Readonly<Record<string, LocalizedText>>;

/** A request that failed schema validation: 400 naming the first invalid field, in the caller's language. */
function validationProblem(error: FastifyError & { validation: unknown[] }, context: string | undefined, labels: FieldLabels = {}): HttpProblem {
  const first = error.validation[0] as { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string };
  const path = first.instancePath.split('/').filter(Boolean);
  // A key the schema does not allow is named as the field itself.
  const extraKey = first.keyword === 'unrecognized_keys' && Array.isArray(first.params.keys) ? String(first.params.keys[0]) : null;
  const fieldPath = extraKey ? [...path, extraKey] : path;
  const field = fieldPath.length > 0 ? fieldPath.join('.') : (context ?? 'body');
  if (first.keyword === 'invalid_characters') {
    return new HttpProblem(400, 'VALIDATION_FAILED', {
      fr: `Le champ « ${field} » contient des caractères non autorisés (caractères de contrôle ou encodage invalide).`,
      en: `The field "${field}" contains characters that are not allowed (control characters or invalid encoding).`,
    }, { field });
  }
  const rule = first.keyword === 'custom' ? (first.params.params as { rule?: string } | undefined)?.rule : undefined;
  if (rule === HIDDEN_CHARACTERS) {
    // Shown under the field of a form: named as the form names it when a label is known, by its key otherwise.
    const name = NAME_FIELDS[field] ?? labels[field] ?? { fr: `Le champ « ${field} »`, en: `The field "${field}"` };
    return new HttpProblem(400, 'VALIDATION_FAILED', {
      fr: `${name.fr} contient des caractères invisibles ou de contrôle (espace de largeur nulle, changement de sens d’écriture…) : retirez-les.`,
      en: `${name.en} contains invisible or control characters (zero-width space, change of writing direction…): remove them.`,
    }, { field });
  }
  if (rule === PERSON_NAME_RULE) {
    const name = NAME_FIELDS[field] ?? { fr: `Le champ « ${field} »`, en: `The field "${field}"` };
    return new HttpProblem(400, 'VALIDATION_FAILED', {
      fr: `${name.fr} ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union.`,
      en: `${name.en} may only contain letters, spaces, apostrophes and hyphens.`,
    }, { field });
  }
  if (rule === LICENCE_NUMBER_RULE) {
    return new HttpProblem(400, 'VALIDATION_FAILED', {
      fr: 'Le numéro de permis n’a pas la forme d’un numéro de permis français : 12 lettres et chiffres (permis au format carte, ou permis rose), ou les 6 à 15 chiffres d’un ancien permis rose. Les espaces sont acceptés.',
      en: 'The licence number is not shaped like a French licence number: 12 letters and digits (card licence, or pink paper licence), or the 6 to 15 digits of an older paper licence. Spaces are accepted.',
    }, { field });
  }
  if (first.keyword === 'invalid_type' && first.params.input === undefined) {
    return new HttpProblem(400, 'VALIDATION_FAILED', { fr: `Le champ « ${field} » est requis.`, en: `The field "${field}" is required.` }, { field });
  }
  const describe = (lang: Lang) => {
    const issue = { ...first.params, code: first.keyword, path } as never;
    const rendered = zodLocales[lang].localeError(issue);
    return typeof rendered === 'string' ? rendered : (rendered?.message ?? first.message ?? '');
  };
  return new HttpProblem(
    400,
    'VALIDATION_FAILED',
    { fr: `Champ « ${field} » invalide : ${describe('fr')}`, en: `Invalid field "${field}": ${describe('en')}` },
    { field },
  );
}

/** Fastify's own request errors (unparseable JSON, wrong content type, body too large...). */
function frameworkProblem(error: FastifyError): HttpProblem | null {
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpProblem(400, 'MALFORMED_BODY', { fr: 'Le corps de la requête n’est pas un JSON valide.', en: 'The request body is not valid JSON.' }, { field: 'body' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpProblem(415, 'UNSUPPORTED_MEDIA_TYPE', { fr: 'Type de contenu non pris en charge : envoyez du JSON.', en: 'Unsupported content type: send JSON.' }, { field: 'content-type' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem(413, 'BODY_TOO_LARGE', { fr: 'La requête est trop volumineuse.', en: 'The request is too large.' }, { field: 'body' });
    default:
      return new HttpProblem(status, error.code ?? 'BAD_REQUEST', { fr: 'Requête invalide.', en: error.message || 'Bad request.' });
  }
}

/** Every error of a service answers as problem+json; a 5xx is logged and says nothing of its cause. */
export function registerProblemHandling(app: FastifyInstance, options: { mapError?: (error: unknown) => HttpProblem | null; fieldLabels?: FieldLabels } = {}) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOf(request);
    if (error instanceof HttpProblem) {
      if (error.status >= 500) request.log.error({ err: error, cause: error.cause }, error.code);
      return sendProblem(reply, lang, error);
    }
    const mapped = options.mapError?.(error);
    if (mapped) return sendProblem(reply, lang, mapped);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendProblem(reply, lang, validationProblem(error, (error as { validationContext?: string }).validationContext, options.fieldLabels));
    }
    const framework = frameworkProblem(error);
    if (framework) return sendProblem(reply, lang, framework);
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, lang, new HttpProblem(500, 'INTERNAL_ERROR', { fr: 'Une erreur interne est survenue. Veuillez réessayer.', en: 'An internal error occurred. Please try again.' }));
  });
}

export const problems = {
  /** Too many calls from one client: wait `ttlMs` (sent as Retry-After, in seconds). */
  rateLimited: (ttlMs: number) => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    return new HttpProblem(429, 'RATE_LIMITED', {
      fr: `Trop de tentatives. Réessayez dans ${seconds} secondes.`,
      en: `Too many attempts. Please try again in ${seconds} seconds.`,
    }, { retryAfterSeconds: seconds });
  },
  notSignedIn: () => new HttpProblem(401, 'NOT_SIGNED_IN', { fr: 'Vous devez être connecté pour accéder à cette page.', en: 'You must be logged in to access this page.' }),
  forbidden: () => new HttpProblem(403, 'FORBIDDEN', { fr: 'Vous n’avez pas accès à cette ressource.', en: 'You are not allowed to access this resource.' }),
  routeNotFound: (method: string, url: string) =>
    new HttpProblem(404, 'ROUTE_NOT_FOUND', { fr: `Aucune route ${method} ${url}.`, en: `No route ${method} ${url}.` }),
};
