import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS } from '@recup/infra/http/openapi';
import { startTestPlatform } from '../testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: object }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  tags?: string[];
}
interface JsonSchema { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[] }
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Checks the shape OpenAPI 3.1 requires of the document, and compiles every schema as JSON Schema 2020-12. */
function assertValidOpenApi(document: OpenApiDocument) {
  expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  expect(document.info.title).toEqual(expect.any(String));
  expect(document.info.version).toEqual(expect.any(String));
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
  expect(operations.length).toBeGreaterThan(3);
  for (const { path, method, operation } of operations) {
    expect(path).toMatch(/^\/api\//);
    expect(METHODS).toContain(method);
    expect(Object.keys(operation.responses).length, `${method} ${path} has responses`).toBeGreaterThan(0);
    // OpenAPI names path parameters {id}, and each must be declared.
    for (const name of path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
      expect(operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.required, `${method} ${path} declares ${name}`).toBe(true);
    }
    const schemas = [
      ...(operation.parameters ?? []).map((p) => p.schema),
      ...Object.values(operation.requestBody?.content ?? {}).map((c) => c.schema),
      ...Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
    ];
    for (const schema of schemas) expect(() => ajv.compile(schema), `${method} ${path}`).not.toThrow();
  }
  return operations;
}

describe('the APIs publish their OpenAPI documents, generated from their zod contracts', () => {
  let platform: Platform;
  let command: OpenApiDocument;
  let query: OpenApiDocument;

  beforeAll(async () => {
    platform = await startTestPlatform({ seed: false });
    const commandResponse = await platform.app.inject(API_DOCS.command);
    const queryResponse = await platform.app.inject(API_DOCS.query);
    expect(commandResponse.statusCode).toBe(200);
    expect(queryResponse.statusCode).toBe(200);
    expect(commandResponse.headers['content-type']).toMatch(/^application\/json/);
    command = commandResponse.json();
    query = queryResponse.json();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('the command API documents its writes, with their request and response schemas', () => {
    const operations = assertValidOpenApi(command);
    const place = command.paths['/api/bookings']!.post!;
    const body = place.requestBody!.content['application/json']!.schema;
    expect(body.properties).toHaveProperty('courseId');
    expect(body.required).toContain('courseId');
    const placed = place.responses['201']!.content!['application/json']!.schema;
    expect(placed.properties).toEqual(expect.objectContaining({ id: expect.any(Object), bookingReference: expect.any(Object), redirectUrl: expect.any(Object) }));
    expect(place.tags).toEqual(['bookings']);
    expect(command.paths['/api/bookings/{id}/cancel']!.post!.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(command.paths['/api/auth/register']!.post!.requestBody!.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    // The command API's few GETs (the token-gated e-mail link, the test gateway's page...) are listed, so the gateway can route them.
    expect(operations.filter((o) => o.method === 'get').map((o) => o.path)).toEqual(expect.arrayContaining(['/api/auth/verify-email', '/api/test-gateway/challenge/{id}']));
  });

  it('the query API documents its reads, with their parameters and answers', () => {
    const operations = assertValidOpenApi(query);
    expect(new Set(operations.map((o) => o.method))).toEqual(new Set(['get']));
    const search = query.paths['/api/courses/search']!.get!;
    expect(search.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('query:department');
    expect(search.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:page', 'query:pageSize']));
    // Without paging parameters, the spec's array; with them, one page and the total.
    const answers = search.responses['200']!.content!['application/json']!.schema.anyOf ?? [];
    const courses = answers.find((answer) => answer.type === 'array')!;
    expect(courses.type).toBe('array');
    expect(answers.find((answer) => answer.type === 'object')?.properties).toEqual(expect.objectContaining({ items: expect.any(Object), total: expect.any(Object) }));
    expect(courses.items!.properties).toEqual(expect.objectContaining({ id: expect.any(Object), price: expect.objectContaining({ type: 'integer' }), spotsLeft: expect.any(Object) }));
    expect(query.paths['/api/courses/{id}']!.get!.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(query.paths['/api/user/bookings']!.get!.responses['200']).toBeDefined();
  });

  it('no operation belongs to both APIs, so that each call has one place to go', () => {
    const operations = (document: OpenApiDocument) => Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    const both = operations(command).filter((operation) => operations(query).includes(operation));
    expect(both).toEqual([]);
  });

  it('the documents leave out the documentation routes themselves', () => {
    expect(Object.keys(command.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
    expect(Object.keys(query.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });

  it('a documentation page shows both, with every file it loads served from the site itself', async () => {
    const page = await platform.app.inject(API_DOCS.page);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The site's Content-Security-Policy still applies: scripts only from the site itself.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(source.startsWith(`${API_DOCS.page}/static/`), source).toBe(true);
      const asset = await platform.app.inject(source);
      expect(asset.statusCode, source).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*src=)[^>]*>/);
    const initializer = await platform.app.inject(`${API_DOCS.page}/static/swagger-initializer.js`);
    expect(initializer.body).toContain(API_DOCS.command);
    expect(initializer.body).toContain(API_DOCS.query);
  });
});
