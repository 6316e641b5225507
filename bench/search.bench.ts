import Fastify from 'fastify';
import { autocannon, startBenchPlatform } from './support/platform';
import { fmt, log, report } from './support/report';
import { seedCentres, seedCourses } from './support/world';

/**
 * Search under load: `GET /api/courses/search?department=83` (the spec's call, a JSON array) with 5,000
 * upcoming courses, 20 connections, no pipelining, against a bare Fastify route of the same process that
 * serves the very same bytes (what the route would cost if the answer were free to compute).
 */
const COURSES = Number(process.env.BENCH_COURSES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

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
