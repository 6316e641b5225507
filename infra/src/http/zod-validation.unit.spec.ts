import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multilineText, secretText } from '@recup/shared-events/text/visible-text';
import { strictByDefault, validatorCompiler } from './zod-validation';

const validate = (schema: z.ZodType, data: unknown, httpPart = 'body') => {
  const result = validatorCompiler({ schema, httpPart, method: 'POST', url: '/' } as never)(data) as { value?: unknown; error?: Array<{ keyword: string; instancePath: string; params: Record<string, unknown> }> };
  return result.error ? { error: result.error.map((issue) => `${issue.keyword} ${issue.instancePath}${Array.isArray(issue.params.keys) ? ` ${issue.params.keys.join(',')}` : ''}`) } : { value: result.value };
};

describe('the validation every route goes through', () => {
  it('refuses unknown keys at any depth, through optional, nullable, default, arrays, unions, records and pipes', () => {
    const schema = z.object({
      a: z.object({ b: z.string() }).optional(),
      list: z.array(z.object({ c: z.number() })).default([]),
      either: z.union([z.object({ kind: z.literal('x') }), z.object({ kind: z.literal('y'), y: z.string() })]).nullable().optional(),
      tagged: z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b'), n: z.number() })]).optional(),
      byKey: z.record(z.string(), z.object({ d: z.boolean() })).optional(),
      piped: z.string().transform((v) => ({ v })).pipe(z.object({ v: z.string() })).optional(),
    });
    expect(validate(schema, { a: { b: 'ok' }, list: [{ c: 1 }], either: { kind: 'x' }, tagged: { t: 'b', n: 1 }, byKey: { k: { d: true } }, piped: 'p' })).toEqual({
      value: { a: { b: 'ok' }, list: [{ c: 1 }], either: { kind: 'x' }, tagged: { t: 'b', n: 1 }, byKey: { k: { d: true } }, piped: { v: 'p' } },
    });
    expect(validate(schema, { role: 'ADMIN' }).error).toEqual(['unrecognized_keys / role']);
    expect(validate(schema, { a: { b: 'ok', extra: 1 } }).error).toEqual(['unrecognized_keys /a extra']);
    expect(validate(schema, { list: [{ c: 1 }, { c: 2, price: 0 }] }).error).toEqual(['unrecognized_keys /list/1 price']);
    expect(validate(schema, { tagged: { t: 'a', n: 1 } }).error).toEqual(['unrecognized_keys /tagged n']);
    expect(validate(schema, { byKey: { k: { d: true, e: 1 } } }).error).toEqual(['unrecognized_keys /byKey/k e']);
    expect(validate(schema, { either: { kind: 'x', userId: 'u' } }).error?.[0]).toMatch(/^invalid_union \/either|^unrecognized_keys/);
  });

  it('keeps an object that says it takes any key, and its refinements', () => {
    const loose = z.object({ t: z.string().optional() }).loose();
    expect(validate(loose, { t: 'x', cacheBuster: '1' })).toEqual({ value: { t: 'x', cacheBuster: '1' } });
    const refined = z.object({ from: z.number(), to: z.number() }).refine((range) => range.from <= range.to, { path: ['to'] });
    expect(validate(refined, { from: 2, to: 1 }).error).toEqual(['custom /to']);
    expect(validate(refined, { from: 1, to: 2, by: 3 }).error).toEqual(['unrecognized_keys / by']);
  });

  it('takes headers as browsers send them, with many a schema does not name', () => {
    expect(validate(z.object({ 'x-min-position': z.string().optional() }), { 'x-min-position': '3', 'user-agent': 'x' }, 'headers')).toEqual({ value: { 'x-min-position': '3' } });
  });

  it('takes the web app’s cache-buster t in any query string, and drops it', () => {
    const query = z.object({ token: z.string() });
    expect(validate(query, { token: 'abc', t: '1790000000000' }, 'querystring')).toEqual({ value: { token: 'abc' } });
    expect(validate(query, { token: 'abc', u: '1' }, 'querystring').error).toEqual(['unrecognized_keys / u']);
    expect(validate(query, { token: 'abc', t: '1' }, 'body').error).toEqual(['unrecognized_keys / t']);
    expect(validate(z.object({ t: z.enum(['a']) }), { t: 'b' }, 'querystring').error).toEqual(['invalid_value /t']);
  });

  it('takes a coerced number only in decimal', () => {
    const schema = z.object({ max: z.coerce.number().min(0).optional() });
    for (const text of ['12', '0', '12.5']) expect(validate(schema, { max: text })).toEqual({ value: { max: Number(text) } });
    for (const text of ['', ' 12', '0x10', '1e3', 'Infinity', '+1', '12,5']) expect(validate(schema, { max: text }).error, text).toEqual(['invalid_type /max']);
    expect(validate(schema, {})).toEqual({ value: {} });
  });

  it('refuses control characters and lone surrogates in any text, key or value, before the schema', () => {
    const schema = z.object({ name: z.string(), about: multilineText(z.string()).optional(), tags: z.array(z.string()).optional() }).loose();
    expect(validate(schema, { name: 'Zoë 🚗 ok', about: 'Zoë 🚗\tok\r\n' })).toEqual({ value: { name: 'Zoë 🚗 ok', about: 'Zoë 🚗\tok\r\n' } });
    expect(validate(schema, { name: 'a\u0000b' }).error).toEqual(['invalid_characters /name']);
    expect(validate(schema, { name: 'ok', tags: ['fine', 'bad\ud800'] }).error).toEqual(['invalid_characters /tags/1']);
    expect(validate(schema, { name: 'ok', 'k\u0007': 'v' }).error).toEqual(['invalid_characters /k?']);
  });

  it('refuses invisible and direction-changing characters in every text, and line breaks outside paragraphs, passwords excepted', () => {
    const schema = z.object({ name: z.string(), about: multilineText(z.string()).nullish(), password: secretText(z.string()).optional(), list: z.array(z.string().trim().pipe(z.email())).optional() });
    for (const bad of ['pay\u200bpal', 'gpj.\u202eexe', '\u2066x\u2069', 'a\u200fb', '\ufeffx', 'one\ntwo']) {
      expect(validate(schema, { name: bad }).error, JSON.stringify(bad)).toEqual(['custom /name']);
    }
    expect(validate(schema, { name: 'ok', about: 'para\u202e' }).error).toEqual(['custom /about']);
    expect(validate(schema, { name: 'ok', list: ['a\u200b@b.fr'] }).error).toEqual(['custom /list/0']);
    expect(validate(schema, { name: 'ok', password: 'pass\u200bword\u202e' })).toEqual({ value: { name: 'ok', password: 'pass\u200bword\u202e' } });
  });

  it('compiles each schema once', () => {
    const schema = z.object({ a: z.string() });
    expect(strictByDefault(schema)).toBe(strictByDefault(schema));
    expect(strictByDefault(schema)).not.toBe(schema);
  });
});
