import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '@recup/infra/launcher/http-server';
import type { CourseDto } from '@recup/query-api/contracts';
import { learnerRegistration, startTestPlatform, TestClient } from '../testing';
import { seedFrom } from '../seeded-random';
import { inputAround, jsonSchemaOf, NASTY_TEXT, textFor, textSpoiled, type JsonSchema } from './arbitraries';

/**
 * Every route the platform registers (read from Fastify itself, so that a route added tomorrow is fuzzed
 * too) gets bodies, queries, path parameters and headers generated from its zod schemas and around them:
 * wrong types, edges, nasty Unicode, huge, missing, smuggled keys, bytes that are not UTF-8, broken
 * percent-encoding. Whatever comes, as whichever caller: never a 5xx, never a hang, and every 4xx is
 * problem+json, naming the field when the input is at fault, in the caller's language. Afterwards, nothing
 * hidden got into the log: no string of any stored event holds an invisible or direction-changing character.
 *
 * Each route gets the same number of inputs (FUZZ_RUNS: 500 in `npm test`, 5,000 in `npm run test:reliability`),
 * never a share of a time budget: the verdict must not depend on how fast the machine is. `npm test` uses a fixed
 * seed, so that one commit always gets the same verdict; `npm run test:reliability` (RECUP_RELIABILITY=1) draws a new
 * one each run. FUZZ_SEED replays a run.
 */
const RELIABILITY = process.env.RECUP_RELIABILITY === '1';
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS) || (RELIABILITY ? 5_000 : 500);
const SEED = seedFrom(process.env.FUZZ_SEED, RELIABILITY ? Math.floor(Math.random() * 2 ** 31) : 20_261_127);
/** An answer that takes this long is a hang, however busy the machine. */
const HANG_MS = 30_000;

type Caller = 'anonymous' | 'learner' | 'centre' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'learner', 'centre', 'admin'];
const ACCOUNTS: Record<Exclude<Caller, 'anonymous'>, string> = { learner: 'learner@demo.test', centre: 'centre@demo.test', admin: 'admin@demo.test' };
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string | Buffer; contentType?: string };
interface Attempt {
  caller: Caller;
  language: string | null;
  /** Each path parameter as it goes into the address: already encoded, or deliberately broken. */
  params: Record<string, string>;
  query: string;
  body: Body;
  headers: Record<string, string>;
  /** Use a made-up session cookie instead of the caller's. */
  forgedCookie: string | null;
}

/** Percent-encodes text, lone surrogates included (as the bytes a careless encoder writes, which are not UTF-8). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        const unit = char.charCodeAt(0);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      }
    }).join('');
  }
}

const BROKEN_ENCODINGS = ['%', '%E0%A4%A', '%C3%28', '%FF', '%ZZ', '%2F..%2F', '..', '%00', 'a%2Fb', '%u0041'];

function queryText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return encode(String(value));
  const pairs: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const items = Array.isArray(item) ? item : [item];
    for (const one of items) {
      if (one === undefined) continue;
      pairs.push(one === null ? encode(key) : `${encode(key)}=${encode(typeof one === 'object' ? JSON.stringify(one) : String(one))}`);
    }
  }
  return pairs.join('&');
}

/** The generator of attempts on one route. */
/** A body a route takes as it is, from the caller it belongs to. */
interface Sample {
  caller: Exclude<Caller, 'anonymous'> | 'anonymous';
  body: unknown;
}

function attemptsOn(route: RegisteredRoute, known: string[], head: number, sample?: Sample): fc.Arbitrary<Attempt> {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const paramsSchema = jsonSchemaOf(schema.params);
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
  const paramArb = (name: string) => {
    const property: JsonSchema = paramsSchema?.properties?.[name] ?? { type: 'string', minLength: 1, maxLength: 100 };
    return fc.oneof(
      { arbitrary: textFor(property, name).map(encode), weight: 3 },
      { arbitrary: fc.constantFrom(...known), weight: 3 },
      { arbitrary: fc.constantFrom(...NASTY_TEXT.filter((t) => t.length < 500)).map(encode), weight: 1 },
      { arbitrary: fc.constantFrom(...BROKEN_ENCODINGS), weight: 1 },
      { arbitrary: fc.constantFrom('x'.repeat(101), 'é'.repeat(300)), weight: 1 },
    );
  };
  const params = fc.record(Object.fromEntries(names.map((name) => [name, paramArb(name)])));

  const querySchema = jsonSchemaOf(schema.querystring);
  const query = fc.oneof(
    { arbitrary: (querySchema ? inputAround(querySchema, known) : fc.constant(undefined)).map(queryText), weight: 5 },
    { arbitrary: fc.constantFrom(...BROKEN_ENCODINGS).map((broken) => `${broken}=${broken}`), weight: 1 },
    { arbitrary: fc.tuple(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 })).map(([k, v]) => `${encode(k)}=${encode(v)}`), weight: 1 },
  );

  const bodySchema = jsonSchemaOf(schema.body);
  const json = inputAround(bodySchema, known).map((value): Body => (value === undefined ? { kind: 'none' } : { kind: 'json', value }));
  const raw = fc.oneof(
    // Valid JSON text around the schema, but bytes that are not UTF-8 in the middle of a string.
    inputAround(bodySchema, known).map((value): Body => {
      const text = JSON.stringify(value ?? {}).replace(/"([^"]*)"/, '"$1@@"');
      const [before, after = ''] = text.split('@@');
      return { kind: 'raw', payload: Buffer.concat([Buffer.from(before ?? ''), Buffer.from([0xc3, 0x28, 0xa0, 0xff]), Buffer.from(after)]), contentType: 'application/json' };
    }),
    fc.constantFrom<Body>(
      { kind: 'raw', payload: '', contentType: 'application/json' },
      { kind: 'raw', payload: '{"a":', contentType: 'application/json' },
      { kind: 'raw', payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
      { kind: 'raw', payload: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
      { kind: 'raw', payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' },
      { kind: 'raw', payload: `{"a":"${'x'.repeat(300 * 1024)}"}`, contentType: 'application/json' },
      { kind: 'raw', payload: 'email=a%40b.fr&password=x', contentType: 'application/x-www-form-urlencoded' },
      { kind: 'raw', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
      { kind: 'raw', payload: '{"email":"a@b.fr"}', contentType: 'text/plain' },
      { kind: 'raw', payload: '{"email":"a@b.fr"}', contentType: 'application/json; charset=iso-8859-1' },
      { kind: 'raw', payload: '{"email":"a@b.fr"}', contentType: 'application/json;;;' },
      { kind: 'raw', payload: '{"email":"a@b.fr"}' },
    ),
  );
  const body: fc.Arbitrary<Body> = WRITES.has(route.method) || bodySchema
    ? fc.oneof({ arbitrary: json, weight: 6 }, { arbitrary: raw, weight: 2 }, { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 })
    : fc.oneof({ arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 8 }, { arbitrary: raw, weight: 1 });

  const headers = fc.record({
    // Within what has been written: a position beyond it is the client's own lie, answered 503 by design.
    'x-min-position': fc.constantFrom('abc', '-1', '1.5', '1e3', '99999999999999999999999', '', '0', String(head)),
    'x-requested-with': fc.constantFrom('recup-points', 'x'.repeat(5000)),
    origin: fc.constantFrom('http://evil.example', 'null', '%', '::::'),
    'if-match': fc.constantFrom('"1"', 'W/"x"', '*', '\u00ff'.repeat(10)),
  }, { requiredKeys: [] }).map((picked) => Object.fromEntries(Object.entries(picked).filter(([, value]) => value !== undefined)) as Record<string, string>);

  const language = fc.constantFrom<string | null>(null, 'fr', 'en', 'en-US,en;q=0.9', 'fr-CA;q=0.5,en;q=0.8', 'de', '*', ';q=', 'x'.repeat(300));
  const anything = fc.record({
    caller: fc.constantFrom(...CALLERS),
    language,
    params,
    query,
    body,
    headers,
    forgedCookie: fc.option(fc.constantFrom('rp_session=garbage', 'rp_session=', `rp_session=${'a'.repeat(4000)}`, 'rp_session=s%3Aabc.def', '=;;=;'), { freq: 8 }),
  });
  if (!sample) return anything;
  // The body the route takes, from its own caller as the web app sends it, but for one nasty text: such text gets as
  // far as the store, where the oracle looks for what nothing may keep.
  const spoiled = fc.record({
    caller: fc.constant(sample.caller),
    language,
    params: fc.constant({}),
    query: fc.constant(''),
    body: textSpoiled(sample.body).map((value): Body => ({ kind: 'json', value })),
    headers: fc.constant({ 'x-requested-with': 'recup-points' }),
    forgedCookie: fc.constant(null),
  });
  return fc.oneof({ arbitrary: anything, weight: 3 }, { arbitrary: spoiled, weight: 1 });
}

function urlOf(route: RegisteredRoute, attempt: Attempt): string {
  const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (whole, name: string | undefined) => attempt.params[name ?? '*'] ?? whole);
  return attempt.query ? `${path}?${attempt.query}` : path;
}

/** Words that give a message's language away (zod's own messages included). */
const FRENCH = /«|»|\b(le|la|les|du|des|est|doit|être|champ|requis|invalide|vous|votre|introuvable|aucun|aucune)\b/i;
const ENGLISH = /\b(the|field|is|must|be|required|invalid|you|your|not found|expected|received|too many)\b/i;

/**
 * What no stored text may hold, written here apart from the rule under test (`visible-text.ts`) so that a rule
 * that forgot a character is caught: format, control and separator characters, every default-ignorable one
 * (Hangul fillers, the combining grapheme joiner, variation selectors…) and the blank braille cell. Left to the
 * rule: a description's line breaks and tabs, the joiners it allows between letters, a pictograph's presentation selector.
 */
const NEVER_STORED = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const LEFT_TO_THE_RULE = new Set(['\n', '\r', '\t', '\u200c', '\u200d', '\ufe0e', '\ufe0f']);

/** Every string inside a stored event's data (keys included) that holds a hidden character, with where it is. */
function hiddenStrings(value: unknown, path: string): string[] {
  if (typeof value === 'string') {
    const hidden = [...value].find((char) => NEVER_STORED.test(char) && !LEFT_TO_THE_RULE.has(char));
    return hidden ? [`${path}: U+${hidden.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} in ${JSON.stringify(value.slice(0, 80))}`] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [...hiddenStrings(key, `${path} (key)`), ...hiddenStrings(child, `${path}.${key}`)]);
}

/** What the answer must be, whatever the input: the reason it is not, or null. */
function verdict(route: RegisteredRoute, attempt: Attempt, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
  if (status < 400) return null;
  const type = String(response.headers['content-type'] ?? '');
  // The development mailbox is a set of pages: a mail it does not have is a page too.
  if (route.url.startsWith('/dev/') && status === 404 && type.startsWith('text/html')) return null;
  if (!type.startsWith('application/problem+json')) return `answered ${status} as ${type || 'no type'}, not problem+json: ${response.body.slice(0, 200)}`;
  let problem: { status?: unknown; code?: unknown; message?: unknown; field?: unknown };
  try {
    problem = JSON.parse(response.body) as typeof problem;
  } catch {
    return `answered ${status} problem+json that does not parse`;
  }
  if (problem.status !== status || typeof problem.code !== 'string' || typeof problem.message !== 'string' || problem.message === '') return `answered an incomplete problem: ${response.body.slice(0, 200)}`;
  if ([400, 413, 414, 415].includes(status) && (typeof problem.field !== 'string' || problem.field === '')) return `answered ${status} without naming the field: ${response.body.slice(0, 200)}`;
  const english = attempt.language !== null && /^(en|fr-CA;q=0\.5,en)/.test(attempt.language);
  // Judged on its words, not on the address or the value it may quote, nor on a field's name the caller sent (a French
  // message quotes it between « and »: a key named "is" is the caller's word, not ours).
  const words = problem.message.replace(/\S*[/%"“”]\S*/g, ' ');
  if (english && FRENCH.test(words)) return `answered in French to an English caller: ${problem.message}`;
  if (!english && ENGLISH.test(words.replace(/«[^»]*»/g, '« »'))) return `answered in English to a French caller: ${problem.message}`;
  return null;
}

describe('fuzzing every route', () => {
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  const cookies: Partial<Record<Caller, string>> = {};
  const known: string[] = [];
  /** Bodies some routes take as they are, by route: each attempt may spoil one of their texts. */
  const samples: Record<string, Sample> = {};
  let head = 0;

  async function signIn(caller: Exclude<Caller, 'anonymous'>) {
    const response = await platform.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'recup-points' }, payload: { email: ACCOUNTS[caller], password: 'demo-password' } });
    expect(response.statusCode).toBe(200);
    cookies[caller] = String(response.headers['set-cookie']).split(';')[0]!;
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1_000_000 });
    for (const caller of ['learner', 'centre', 'admin'] as const) await signIn(caller);
    // Ids the platform holds, so that calls get past "not found" into the rules: courses, a booking, its
    // payment intent, and users the administrator may change (never the callers themselves).
    const learner = new TestClient(platform.app);
    await learner.login(ACCOUNTS.learner);
    const courses = (await learner.get('/api/courses/search')).json() as CourseDto[];
    known.push(...courses.slice(0, 3).map((course) => course.id));
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: courses[0]!.id })).json() as { id: string };
    known.push(booking.id);
    known.push(((await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string }).paymentIntentId);
    const admin = new TestClient(platform.app);
    await admin.login(ACCOUNTS.admin);
    for (const n of [1, 2]) {
      const created = await admin.post('/api/admin/users', { email: `fuzz.target.${n}@example.test`, firstName: 'Cible', lastName: 'Fuzz', role: 'USER', language: 'FR', password: 'password-123' });
      known.push((created.json() as { id: string }).id);
    }
    const { id: _id, email: _email, role: _role, isVerified: _verified, ...profile } = (await learner.get('/api/users/profile')).json() as Record<string, unknown>;
    samples['PATCH /api/users/profile'] = { caller: 'learner', body: profile };
    samples['POST /api/auth/register'] = { caller: 'anonymous', body: learnerRegistration('fuzz.newcomer@example.test', { password: 'fuzz-password-1' }) };
    const centre = new TestClient(platform.app);
    await centre.login(ACCOUNTS.centre);
    const { id: _centreId, isVerified: _centreVerified, createdAt: _created, ownerUserId: _owner, pendingIdentityChange: _pending, verificationWithdrawnAt: _withdrawn, ...centreProfile } =
      (await centre.get('/api/organization/profile')).json() as Record<string, unknown>;
    samples['PATCH /api/organization/profile'] = { caller: 'centre', body: centreProfile };
    await platform.settled();
    head = await platform.adapters.eventStore.headPosition();
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('never answers 5xx, never hangs, and answers every 4xx as problem+json naming the field', async () => {
    const routes = platform.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(30);
    const started = Date.now();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let tried = 0;
    const runs: Record<string, number> = {};

    for (const [index, route] of routes.entries()) {
      const name = `${route.method} ${route.url}`;
      let lastFailure = '';
      const property = fc.asyncProperty(attemptsOn(route, known, head, samples[name]), async (attempt) => {
        const cookie = attempt.forgedCookie ?? (attempt.caller === 'anonymous' ? undefined : cookies[attempt.caller]);
        const headers: Record<string, string> = { ...attempt.headers };
        if (attempt.language !== null) headers['accept-language'] = attempt.language;
        if (cookie) headers.cookie = cookie;
        if (attempt.body.kind === 'json') headers['content-type'] = 'application/json';
        if (attempt.body.kind === 'raw' && attempt.body.contentType) headers['content-type'] = attempt.body.contentType;
        const payload = attempt.body.kind === 'json' ? JSON.stringify(attempt.body.value) : attempt.body.kind === 'raw' ? attempt.body.payload : undefined;
        const url = urlOf(route, attempt);
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => {
          timer = setTimeout(() => resolve('hang'), HANG_MS);
        });
        const t0 = Date.now();
        const response = await Promise.race([platform.app.inject({ method: route.method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) }), hang]);
        clearTimeout(timer);
        if (process.env.FUZZ_DEBUG && Date.now() - t0 > 300) console.info(`[slow ${Date.now() - t0} ms] ${name} ${response === 'hang' ? 'hang' : response.statusCode} ${url.slice(0, 100)} ${JSON.stringify(headers).slice(0, 200)} ${String(payload).slice(0, 100)}`);
        tried += 1;
        const problem = response === 'hang' ? `no answer within ${HANG_MS / 1000} s` : verdict(route, attempt, response);
        if (response !== 'hang') statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        // Signing out ends the caller's session: sign in again for the next attempt.
        if (route.url === '/api/auth/logout' && attempt.caller !== 'anonymous' && !attempt.forgedCookie) await signIn(attempt.caller);
        if (problem) {
          lastFailure = `${name} as ${attempt.caller}: ${route.method} ${url.slice(0, 200)} ${payload === undefined ? '' : String(payload).slice(0, 200)} → ${problem}`;
          throw new Error(lastFailure);
        }
      });
      const result = await fc.check(property, { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true });
      runs[name] = result.numRuns;
      if (result.failed) failures.push(lastFailure || `${name}: ${String(result.errorInstance)} ${JSON.stringify(result.counterexample)?.slice(0, 300)}`);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(`[fuzz] seed ${SEED} (replay with FUZZ_SEED=${SEED}): ${tried} inputs (${RUNS_PER_ROUTE} per route) on ${routes.length} routes in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(failures).toEqual([]);
    // Every route had its share, however slow it is.
    expect(Object.entries(runs).filter(([, count]) => count < RUNS_PER_ROUTE)).toEqual([]);
    // Nothing hidden got into the log: no string of any stored event (what every screen, mail, PDF and CSV is made from) holds one.
    await platform.settled();
    const stored = await platform.adapters.eventStore.readAll();
    expect(stored.flatMap((event) => hiddenStrings(event.data, `${event.type} ${event.streamName}`))).toEqual([]);
    // And the platform still works for a real user.
    const learner = new TestClient(platform.app);
    await learner.login(ACCOUNTS.learner);
    expect((await learner.get('/api/user/bookings')).statusCode).toBe(200);
  }, RELIABILITY ? 7_200_000 : 1_800_000);
});
