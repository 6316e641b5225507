import fc from 'fast-check';
import { z } from 'zod';

/** The JSON Schema that zod writes for a route's input (`io: 'input'`), as much of it as the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Text a careless server trips on: empty, blank, control characters, lone surrogates, right-to-left
 * overrides and other invisible format characters, combining marks, emoji, markup, links where a name
 * belongs, SQL and Mongo operators, path tricks, numbers in disguise.
 */
export const NASTY_TEXT = [
  '', ' ', '\t', '\n', '\u0000', 'a\u0000b', '\u001b[31m', '\u007f', '\u0085', '\ud800', '\udfff', 'x\ud83d', '\ud83d\ude97',
  '\u202eevil', '\u200b', 'e\u0301\u0301\u0301',
  // Invisible and direction-changing characters (issue 18): isolates, marks, BOM, soft hyphen, tags, a joiner between Latin letters, a line separator.
  'a\u2066b\u2069', '\u2067x', '\u2068', '\u200e', 'x\u200fy', '\u061c', '\ufeff', 'pay\u00adpal', '\u{E0041}', 'pay\u200dpal', 'a\u2028b', 'one\ntwo',
  // Characters that show nothing though Unicode counts them as letters or marks: Hangul fillers (a blank-looking name), the
  // combining grapheme joiner, variation selectors (a run of them smuggles bytes), other default-ignorables, the blank braille cell.
  '\u3164\u3164', 'Lé\u3164a', '\u115f\u1160', 'x\uffa0', 'pay\u034fpal', 'Léa\ufe0f', 'a\ufe00\ufe01', '❤\ufe0f\ufe0f', 'x\u{E0100}\u{E01EF}', 'a\u180bb', '\u17b4',
  '\u2800', 'Léa\u2800Martin',
  // A message where a name is expected.
  'client, urgent: pay at https://evil.test/pay', 'Léa www.evil.test', 'Ω≈ç√∫', '日本語', 'ﷺ', '🏳️‍🌈', '<script>alert(1)</script>', '"; DROP TABLE users; --',
  '{"$gt":""}', '$where', '__proto__', 'constructor', '../../etc/passwd', '%00', '%2e%2e%2f', '0x10', '1e308', '-0', 'NaN', 'Infinity',
  'null', 'undefined', 'true', '9'.repeat(400), 'é'.repeat(5000), 'x'.repeat(70_000),
];

/** Values of every JSON type, at and beyond the edges. */
const WRONG_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, -1e308, 1e308, '', 'x', [], [null], {}, { $gt: '' }, ['a', 'b'],
  { nested: { deeper: [1, { x: 'y' }] } },
];

/** Keys a caller may slip in: fields of other calls, of the stored documents, and prototype keys. */
const SMUGGLED_KEYS = ['role', 'price', 'userId', 'id', 'status', 'isVerified', 'organizationId', 'amount', '__proto__', 'constructor', 'prototype', '$set'];

const ISO_DAYS = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return root.$defs?.[name] ?? {};
}

/** Text near what the schema expects: its lengths and their edges, sometimes nasty. */
export function textFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.const !== undefined) return fc.constant(String(schema.const));
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? Math.max(min, 40), Math.max(min, 200));
  const options: Array<fc.WeightedArbitrary<string>> = [];
  if (schema.format === 'date' || /date/i.test(name)) options.push({ arbitrary: ISO_DAYS.map((d) => d.toISOString().slice(0, 10)), weight: 4 });
  if (schema.format === 'date-time') options.push({ arbitrary: ISO_DAYS.map((d) => d.toISOString()), weight: 4 });
  if (schema.format === 'uuid') options.push({ arbitrary: fc.uuid(), weight: 4 });
  if (schema.format === 'email' || /email/i.test(name)) options.push({ arbitrary: fc.emailAddress(), weight: 4 });
  if (schema.pattern && !schema.format) {
    try {
      options.push({ arbitrary: fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 2000), weight: 4 });
    } catch {
      // a pattern fast-check cannot invert: the other generators stand in
    }
  }
  options.push(
    { arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }), weight: 3 },
    { arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }), weight: 1 },
    // The edges of the lengths, and one past each.
    { arbitrary: fc.constantFrom(...[min, Math.max(0, min - 1), max, max + 1].map((n) => 'a'.repeat(n))), weight: 1 },
    { arbitrary: fc.constantFrom(...NASTY_TEXT), weight: 1 },
  );
  return fc.oneof(...options);
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum : 1_000_000);
  const inside = integer ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) }) : fc.double({ min, max, noNaN: true });
  return fc.oneof({ arbitrary: inside, weight: 4 }, { arbitrary: fc.constantFrom(min, max, min - 1, max + 1, 0, -0, 0.5, -1), weight: 1 });
}

/** A value the schema (mostly) accepts: the starting point that the mutations below move away from. */
function valueFor(schema: JsonSchema, known: readonly string[] = [], root: JsonSchema = schema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, root);
  // An id the platform holds (a course, a booking, another user...) takes the call past "not found".
  if (known.length > 0 && /(^id$|Id$)/.test(name) && (s.type === 'string' || s.format === 'uuid')) {
    return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 2 }, { arbitrary: textFor(s, name), weight: 1 });
  }
  if (depth > 6) return fc.constant(null);
  if (s.anyOf ?? s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((option) => valueFor(option, known, root, name, depth + 1)));
  if (s.allOf?.length) return valueFor(s.allOf[0]!, known, root, name, depth + 1);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return textFor(s, name);
    case 'integer':
      return numberFor(s, true);
    case 'number':
      return numberFor(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(s.items ?? {}, known, root, name, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 20) });
    case 'object': {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueFor(value, known, root, key, depth + 1)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((key) => key in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every path to a value inside `value`, to pick one to spoil. */
function paths(value: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(prefix.length ? [prefix] : []), ...entries.flatMap(([key, child]) => paths(child, [...prefix, key]))];
}

function setAt(value: unknown, path: PropertyKey[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const copy: Record<PropertyKey, unknown> = Array.isArray(value) ? [...value] as unknown as Record<PropertyKey, unknown> : { ...(value as object) };
  const [head, ...rest] = path as [PropertyKey, ...PropertyKey[]];
  if (rest.length === 0 && remove) delete copy[head];
  else copy[head] = setAt(copy[head], rest, replacement, remove);
  return copy;
}

const anyWrong = fc.oneof(fc.constantFrom(...WRONG_VALUES), fc.constantFrom(...NASTY_TEXT), fc.jsonValue({ maxDepth: 3 }));

/**
 * Around a schema: a value it accepts, or one spoiled in one place (a wrong type, a nasty text, a missing
 * field, a smuggled key), or something else altogether (any JSON, deep nesting).
 */
export function inputAround(schema: JsonSchema | null, known: readonly string[] = []): fc.Arbitrary<unknown> {
  const valid = schema ? valueFor(schema, known) : fc.constant({});
  const spoiled = fc.tuple(valid, fc.nat(), anyWrong).map(([value, pick, wrong]) => {
    const all = paths(value);
    return all.length === 0 ? wrong : setAt(value, all[pick % all.length]!, wrong);
  });
  const missing = fc.tuple(valid, fc.nat()).map(([value, pick]) => {
    const all = paths(value);
    return all.length === 0 ? undefined : setAt(value, all[pick % all.length]!, undefined, true);
  });
  const smuggled = fc.tuple(valid, fc.constantFrom(...SMUGGLED_KEYS), anyWrong).map(([value, key, wrong]) =>
    // A computed key makes an own property, even `__proto__`: as JSON.parse would on the server.
    value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: wrong } : value,
  );
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: spoiled, weight: 4 },
    { arbitrary: missing, weight: 1 },
    { arbitrary: smuggled, weight: 1 },
    { arbitrary: anyWrong, weight: 1 },
  );
}

/**
 * A body the route takes as it is (a learner's own profile…), with one of its texts replaced by a nasty one: the
 * other generators seldom get a whole body past every rule, so that text would seldom reach the store otherwise.
 */
export function textSpoiled(sample: unknown): fc.Arbitrary<unknown> {
  const texts = paths(sample).filter((path) => typeof path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown>)[key], sample) === 'string');
  if (texts.length === 0) return fc.constant(sample);
  return fc.tuple(fc.nat(), fc.constantFrom(...NASTY_TEXT)).map(([pick, text]) => setAt(sample, texts[pick % texts.length]!, text));
}
