import Fastify from 'fastify';
import { autocannon, startBenchPlatform, type LoadResult } from './support/platform';
import { fmt, log, report } from './support/report';
import { seedCentres, seedCourses } from './support/world';

/**
 * Search under load, against a bare Fastify route of the same process that serves the very same bytes (what
 * the route would cost if the answer were free to compute), 20 connections, no pipelining:
 * - first on the demo data (the seed `npm start` starts with, the administrators' demo included),
 *   `GET /api/courses/search?department=83` anonymously, the route and the bare route in turns: issue 21's
 *   figure, what every public read costs beyond its answer (session, headers, validation, hooks);
 * - then with 5,000 upcoming courses, the spec's call and one page of it as the web asks, one after the other.
 * `BENCH_SEARCH=demo` runs the first part only.
 */
const COURSES = Number(process.env.BENCH_COURSES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

interface Rounds {
  /** The median of the rounds' requests per second. */
  requestsPerSecond: number;
  /** The highest p99 of the rounds, in ms. */
  p99: number;
  /** This process's CPU time (user + system) per request answered, in µs: what the server spends on one. */
  cpuPerRequest: number;
}

/**
 * The routes in turns, `rounds` times `seconds` each (after 2 s of warming each): on a machine whose other
 * load comes and goes, they all see the same moments, which one long run each does not. Also measures this
 * process's CPU time per request (the load generator runs in its own process).
 */
async function inTurns(urls: readonly string[], rounds: number, seconds: number): Promise<Rounds[]> {
  for (const url of urls) await autocannon(url, { connections: CONNECTIONS, seconds: 2 });
  const runs = urls.map(() => [] as Array<LoadResult & { cpu: number }>);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, url] of urls.entries()) {
      const cpu = process.cpuUsage();
      const result = await autocannon(url, { connections: CONNECTIONS, seconds });
      const used = process.cpuUsage(cpu);
      if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url} failed under load: ${JSON.stringify(result)}`);
      runs[index]!.push({ ...result, cpu: used.user + used.system });
    }
  }
  return runs.map((list) => {
    const sorted = list.map((r) => r.requestsPerSecond).sort((x, y) => x - y);
    return {
      requestsPerSecond: sorted[Math.floor(sorted.length / 2)]!,
      p99: Math.max(...list.map((r) => r.p99)),
      cpuPerRequest: list.reduce((sum, r) => sum + r.cpu, 0) / list.reduce((sum, r) => sum + r.requests, 0),
    };
  });
}

/** A bare Fastify server answering `bytes` with `contentType` at `/same-bytes`, and with `headers` too at `/same-headers`. */
async function bareRoute(bytes: Buffer, contentType: string, headers: Record<string, string> = {}) {
  const bare = Fastify({ logger: false });
  bare.get('/same-bytes', (_request, reply) => reply.type(contentType).send(bytes));
  bare.get('/same-headers', (_request, reply) => reply.headers(headers).type(contentType).send(bytes));
  const origin = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${origin}/same-bytes`, withHeadersUrl: `${origin}/same-headers`, close: () => bare.close() };
}

{
  // As `npm start` seeds it (platform/embedded.ts).
  const demo = await startBenchPlatform({ seed: true, adminDemo: true });
  try {
    await demo.caughtUp();
    const path = '/api/courses/search?department=83';
    const answer = await fetch(`${demo.origin}${path}`);
    const body = Buffer.from(await answer.arrayBuffer());
    const found = (JSON.parse(body.toString()) as Array<{ department: string }>);
    if (answer.status !== 200 || found.length === 0 || found.some((c) => c.department !== '83')) throw new Error(`the search on the demo data answered ${answer.status} with ${found.length} courses`);
    if (answer.headers.has('set-cookie')) throw new Error('an anonymous search set a cookie');
    // The same answer's own headers (security headers, Cache-Control), but those every server adds itself.
    const ownHeaders = Object.fromEntries([...answer.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name)));
    const bare = await bareRoute(body, answer.headers.get('content-type') ?? 'application/json; charset=utf-8', ownHeaders);
    try {
      const rounds = Math.max(1, Math.round(SECONDS / 2));
      const [route, limit, withHeaders] = await inTurns([`${demo.origin}${path}`, bare.url, bare.withHeadersUrl], rounds, 2) as [Rounds, Rounds, Rounds];
      log(`  demo data, ${path}: ${fmt(found.length)} courses, ${fmt(body.length / 1024, 1)} KiB; ${fmt(route.requestsPerSecond)} req/s, p99 ${route.p99} ms, ${fmt(route.cpuPerRequest)} µs of CPU a request; bare route: ${fmt(limit.requestsPerSecond)} req/s, p99 ${limit.p99} ms, ${fmt(limit.cpuPerRequest)} µs; bare route with its ${Object.keys(ownHeaders).length} headers: ${fmt(withHeaders.requestsPerSecond)} req/s, ${fmt(withHeaders.cpuPerRequest)} µs`);
      report({
        key: 'search.demoThroughput', label: `search on the demo data, department=83 (${fmt(found.length)} hits, ${fmt(body.length / 1024, 1)} KiB), ${CONNECTIONS} connections, anonymous; median of ${rounds} rounds of 2 s, in turns with the bare routes`,
        value: route.requestsPerSecond, unit: 'req/s',
        baseline: { label: 'bare Fastify route, same bytes, same rounds', value: limit.requestsPerSecond },
        goal: { on: 'ratio', min: 0.8, text: '≥ 80 % of the bare route' },
        note: 'the answer is kept per projection position: what is measured is what every public read costs around it',
      });
      report({
        key: 'search.demoThroughputSameHeaders', label: 'that search again, against a bare route sending its headers too', value: route.requestsPerSecond, unit: 'req/s',
        baseline: { label: `bare Fastify route, same bytes and the ${Object.keys(ownHeaders).length} headers it adds (security headers, Cache-Control)`, value: withHeaders.requestsPerSecond },
        note: 'how much of the gap the headers themselves are',
      });
      report({
        key: 'search.demoCpu', label: 'server CPU time per request of that search (user + system, this process)', value: route.cpuPerRequest, unit: 'µs',
        baseline: { label: 'bare route, same bytes', value: limit.cpuPerRequest },
      });
      report({
        key: 'search.demoP99', label: 'p99 latency of that search under that load (highest of the rounds)', value: route.p99, unit: 'ms',
        baseline: { label: 'bare route p99', value: limit.p99 },
      });
    } finally {
      await bare.close();
    }
  } finally {
    await demo.close();
  }
}

// `BENCH_SEARCH=demo`: the demo data's figure only.
if (process.env.BENCH_SEARCH === 'demo') process.exit(0);

const platform = await startBenchPlatform();
const bare = Fastify({ logger: false });
try {
  let started = performance.now();
  const centres = await seedCentres(platform.deps);
  const courses = await seedCourses(platform.deps, centres, COURSES);
  await platform.caughtUp();
  log(`  seeded ${fmt(courses.length)} upcoming courses through the domain in ${fmt((performance.now() - started) / 1000, 1)} s`);

  const path = '/api/courses/search?department=83';
  const answer = await fetch(`${platform.origin}${path}`);
  const body = Buffer.from(await answer.arrayBuffer());
  const found = (JSON.parse(body.toString()) as unknown[]).length;
  const expected = courses.filter((c) => c.department === '83').length;
  if (answer.status !== 200 || found !== expected) throw new Error(`the search answered ${answer.status} with ${found} courses, ${expected} expected`);
  const unfiltered = Buffer.from(await (await fetch(`${platform.origin}/api/courses/search`)).arrayBuffer());
  log(`  ${path}: ${fmt(found)} courses, ${fmt(body.length / 1024)} KiB; unfiltered: ${fmt(unfiltered.length / 1024)} KiB`);

  // The same bytes and content type, from a route that does nothing else.
  const contentType = answer.headers.get('content-type') ?? 'application/json; charset=utf-8';
  bare.get('/same-bytes', (_request, reply) => reply.type(contentType).send(body));
  // What the web asks for: one page of 12 (page 2, so that the page is cut from the answer, not its head).
  const pagedPath = `${path}&page=2&pageSize=12`;
  const pagedAnswer = await fetch(`${platform.origin}${pagedPath}`);
  const pagedBody = Buffer.from(await pagedAnswer.arrayBuffer());
  const paged = JSON.parse(pagedBody.toString()) as { items: unknown[]; total: number };
  if (pagedAnswer.status !== 200 || paged.items.length !== 12 || paged.total !== expected) throw new Error(`the paged search answered ${pagedAnswer.status} with ${paged.items?.length} of ${paged.total}`);
  bare.get('/same-page-bytes', (_request, reply) => reply.type(contentType).send(pagedBody));
  const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });

  // Warm both (JIT, caches), then measure one after the other with the same load generator.
  await autocannon(`${platform.origin}${path}`, { connections: CONNECTIONS, seconds: 2 });
  await autocannon(`${bareOrigin}/same-bytes`, { connections: CONNECTIONS, seconds: 2 });
  started = performance.now();
  const search = await autocannon(`${platform.origin}${path}`, { connections: CONNECTIONS, seconds: SECONDS });
  const limit = await autocannon(`${bareOrigin}/same-bytes`, { connections: CONNECTIONS, seconds: SECONDS });
  if (search.non2xx + search.errors + search.timeouts > 0) throw new Error(`the search failed under load: ${JSON.stringify(search)}`);
  log(`  search: ${fmt(search.requestsPerSecond)} req/s, p50 ${search.p50} ms, p99 ${search.p99} ms; bare route: ${fmt(limit.requestsPerSecond)} req/s, p99 ${limit.p99} ms`);

  report({
    key: 'search.throughput', label: `search, ${fmt(COURSES)} courses, department=83 (${fmt(found)} hits), ${CONNECTIONS} connections`,
    value: search.requestsPerSecond, unit: 'req/s',
    baseline: { label: 'bare Fastify route, same bytes', value: limit.requestsPerSecond },
    goal: { on: 'ratio', min: 0.8, text: '≥ 80 % of the bare route' },
  });
  report({
    key: 'search.p99', label: 'search p99 latency under that load', value: search.p99, unit: 'ms',
    baseline: { label: 'bare route p99', value: limit.p99 },
    goal: { on: 'value', max: 25, text: '≤ 25 ms' },
  });
  await autocannon(`${platform.origin}${pagedPath}`, { connections: CONNECTIONS, seconds: 2 });
  await autocannon(`${bareOrigin}/same-page-bytes`, { connections: CONNECTIONS, seconds: 2 });
  const pagedSearch = await autocannon(`${platform.origin}${pagedPath}`, { connections: CONNECTIONS, seconds: SECONDS });
  const pagedLimit = await autocannon(`${bareOrigin}/same-page-bytes`, { connections: CONNECTIONS, seconds: SECONDS });
  if (pagedSearch.non2xx + pagedSearch.errors + pagedSearch.timeouts > 0) throw new Error(`the paged search failed under load: ${JSON.stringify(pagedSearch)}`);
  log(`  ${pagedPath} (${fmt(pagedBody.length / 1024, 1)} KiB): ${fmt(pagedSearch.requestsPerSecond)} req/s, p99 ${pagedSearch.p99} ms; bare route: ${fmt(pagedLimit.requestsPerSecond)} req/s, p99 ${pagedLimit.p99} ms`);
  report({
    key: 'search.pagedThroughput', label: `the web's search: one page of 12 of the ${fmt(found)} hits, ${CONNECTIONS} connections`,
    value: pagedSearch.requestsPerSecond, unit: 'req/s',
    baseline: { label: 'bare Fastify route, same bytes', value: pagedLimit.requestsPerSecond },
    note: 'the answer is a lookup and a slice; what is left is the cost of every request: session, security headers, validation',
  });
  report({
    key: 'search.pagedP99', label: 'p99 latency of that page under that load', value: pagedSearch.p99, unit: 'ms',
    baseline: { label: 'bare route p99', value: pagedLimit.p99 },
    goal: { on: 'value', max: 25, text: '≤ 25 ms' },
  });
  report({
    key: 'search.unfilteredBytes', label: `unfiltered search answer (${fmt(COURSES)} courses, no paging)`, value: unfiltered.length / 1024, unit: 'KiB',
    note: 'the spec\'s call without paging parameters: the whole array',
  });
} finally {
  await bare.close();
  await platform.close();
}
