import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { z } from 'zod';
import { findUnsafeText } from '@recup/shared-events';
import { isSecretText, withVisibleText } from '@recup/shared-events/text/visible-text';

const VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/**
 * fastify-type-provider-zod's validator, made strict for every route of every API, whoever wrote its schema:
 * - every text, anywhere in the input (values and keys), is well-formed Unicode with no control character
 *   but tab and line breaks: no NUL, no lone surrogate (see `findUnsafeText`);
 * - an object refuses the keys it does not know (`role`, `price`, `userId` on a learner's call are an error
 *   to report, not noise to drop), unless its schema says `.loose()` / `.catchall(...)`;
 * - every string of the schema refuses invisible and direction-changing characters (`withVisibleText`:
 *   format and control characters, line breaks but in paragraphs), passwords excepted (`secretText`);
 * - a number coerced from text (a query parameter) is written in decimal: `''`, `0x10`, `1e3` are refused;
 * - a query string may carry the web app's cache-buster `t`, which is dropped.
 * The input is kept on each issue, so that a message can tell "required" from "of the wrong type" (the input
 * itself is never sent back).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  // Headers carry whatever browsers and proxies add: only what a schema names is checked there.
  const strict = httpPart === 'headers' ? schema : strictByDefault(schema);
  const dropCacheBuster = httpPart === 'querystring' && !declares(schema, CACHE_BUSTER);
  return (input) => {
    const data = dropCacheBuster ? withoutKey(input, CACHE_BUSTER) : input;
    const unsafe = findUnsafeText(input);
    if (unsafe) return { error: issues([{ code: 'invalid_characters', path: unsafe.path, message: 'Invalid characters', params: {} }]) };
    const result = strict.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: issues(result.error.issues.map(({ path, code, message, ...params }) => ({ code, path, message, params }))) };
  };
};

/**
 * `validatorCompiler`, remembering what it made of each query string it accepted: a public read asked again
 * and again with the same parameters (a search) is validated once, not once per request. The key is the
 * query as Fastify parsed it, less the web app's cache-buster when it is the time it always is (digits); the
 * answer is frozen and shared, so a route using this must not change its `request.query` (nor have objects
 * in its query schema's output). At most `max` queries are kept: past them, it starts afresh. Other parts
 * (params, body, headers) are validated as usual.
 */
export function rememberingQueryValidator<Schema = z.ZodType>(max = 1000): FastifySchemaCompiler<Schema> {
  return (route) => {
    const validate = validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>) as (input: unknown) => { value?: unknown; error?: Error };
    if (route.httpPart !== 'querystring') return validate;
    const dropCacheBuster = !declares(route.schema as z.ZodType, CACHE_BUSTER);
    const accepted = new Map<string, { value: unknown }>();
    return (input: unknown) => {
      const query = input as Record<string, unknown>;
      const cacheBuster = query[CACHE_BUSTER];
      if (cacheBuster !== undefined && !(dropCacheBuster && typeof cacheBuster === 'string' && /^\d{1,20}$/.test(cacheBuster))) return validate(input);
      const key = JSON.stringify(cacheBuster === undefined ? query : withoutKey(query, CACHE_BUSTER));
      const known = accepted.get(key);
      if (known) return known;
      const result = validate(input);
      if (result.error !== undefined || typeof result.value !== 'object' || result.value === null) return result;
      if (accepted.size >= max) accepted.clear();
      const answer = { value: Object.freeze(result.value) };
      accepted.set(key, answer);
      return answer;
    };
  };
}

function issues(list: Array<{ code: string; path: PropertyKey[]; message: string; params: Record<string, unknown> }>) {
  return list.map(({ code, path, message, params }) => ({
    [VALIDATION_ERROR]: true,
    keyword: code,
    instancePath: `/${path.map(String).join('/')}`,
    schemaPath: `#/${path.map(String).join('/')}/${code}`,
    message,
    params,
  })) as unknown as Error;
}

/**
 * The web app adds `t=<time>` to every call's query, so that no cache between it and us answers in our place
 * (the specification asks it of each call): a query string takes it whatever the route's schema, and drops it.
 */
const CACHE_BUSTER = 't';

function declares(schema: z.ZodType, key: string): boolean {
  const def = schema._zod.def as unknown as Def;
  return def.type === 'object' && key in (def.shape as Record<string, unknown>);
}

function withoutKey(data: unknown, key: string): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !(key in data)) return data;
  const { [key]: _dropped, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** A decimal number as text: `12`, `-3`, `0.5`; not `''`, ` 1`, `0x10`, `1e3`, `Infinity`. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

const strictSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The same schema with every object that strips unknown keys made strict, and every coerced number made
 * decimal-only, at any depth (through optional, nullable, default, arrays, unions, records, pipes...).
 */
export function strictByDefault<T extends z.ZodType>(schema: T): T {
  const known = strictSchemas.get(schema);
  if (known) return known as T;
  const strict = rebuild(schema);
  strictSchemas.set(schema, strict);
  return strict as T;
}

type Def = Record<string, unknown> & { type: string };

/** A copy of the definition with some properties replaced; the others keep their getters (an object's lazy shape). */
function withDef(schema: z.ZodType, changes: Record<string, unknown>): z.ZodType {
  const def = Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(schema._zod.def), ...Object.getOwnPropertyDescriptors(changes) });
  return schema.clone(def as never);
}

function rebuild(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strictByDefault(value)]));
      return withDef(schema, { shape: strictShape, catchall: def.catchall ?? z.never() });
    }
    case 'string':
      return isSecretText(schema) ? schema : withVisibleText(schema);
    case 'number':
      if (!def.coerce) return schema;
      // Coercion turns '' into 0 and '0x10' into 16: only decimal text reaches it, anything else fails as "not a number".
      return z.preprocess((value) => (typeof value === 'string' && !DECIMAL.test(value) ? Number.NaN : value), schema);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return withDef(schema, { innerType: strictByDefault(def.innerType as z.ZodType) });
    case 'array':
      return withDef(schema, { element: strictByDefault(def.element as z.ZodType) });
    case 'union':
      return withDef(schema, { options: (def.options as z.ZodType[]).map((option) => strictByDefault(option)) });
    case 'record':
      return withDef(schema, { valueType: strictByDefault(def.valueType as z.ZodType) });
    case 'tuple':
      return withDef(schema, { items: (def.items as z.ZodType[]).map((item) => strictByDefault(item)), rest: def.rest ? strictByDefault(def.rest as z.ZodType) : def.rest });
    case 'pipe':
      return withDef(schema, { in: strictByDefault(def.in as z.ZodType), out: strictByDefault(def.out as z.ZodType) });
    // An intersection's sides each hold part of the keys: strict sides would refuse each other's. Left as written.
    default:
      return schema;
  }
}
