import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './sessions';

/** Where each API publishes its OpenAPI document, and the page that shows both. */
export const API_DOCS = {
  page: '/api/docs',
  command: '/api/docs/command/openapi.json',
  query: '/api/docs/query/openapi.json',
} as const;

const zodToJsonSchema = createJsonSchemaTransform({});

/**
 * Publishes the OpenAPI 3 document of the routes registered after it in this context, generated from their
 * zod schemas, at `documentUrl`. Call it before registering the routes.
 */
export async function registerOpenApi(app: FastifyInstance, options: { title: string; description: string; documentUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, description: options.description, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    // Group the operations by the area of their path (/api/bookings/... → bookings).
    transform: (input) => {
      const output = zodToJsonSchema(input);
      const schema = (output.schema ?? {}) as Record<string, unknown>;
      if (schema.hide) return output;
      const area = input.url.split('/')[2] ?? 'api';
      return { ...output, schema: { tags: [area], ...schema } };
    },
  });
  app.get(options.documentUrl, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}

/**
 * The documentation page: Swagger UI over both APIs' documents. Its files are all served from here, so it
 * renders under the site's Content-Security-Policy.
 */
export async function registerApiDocsPage(app: FastifyInstance) {
  await app.register(async (scope) => {
    // The page's own (empty) document: the two APIs' documents are chosen in its top bar.
    await scope.register(fastifySwagger, { openapi: { openapi: '3.1.0', info: { title: "Récup'Points API", version: '1.0.0' } } });
    await scope.register(fastifySwaggerUi, {
      routePrefix: API_DOCS.page,
      theme: { title: "Récup'Points API" },
      uiConfig: {
        urls: [
          { url: API_DOCS.command, name: 'Command API (writes)' },
          { url: API_DOCS.query, name: 'Query API (reads)' },
        ],
        deepLinking: true,
      },
    });
  });
}
