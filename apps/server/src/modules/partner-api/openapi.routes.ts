import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { swaggerOptions } from './openapi';
import { type OpenApiDocument, renderReferencePage } from './openapi-page';

export const DOCS_PATH = '/api/docs';
export const DOCUMENT_PATH = '/api/docs/openapi.json';

/**
 * The public API's reference, public like any API documentation: the OpenAPI
 * document, and a page made from it on the server (no script, so the app's CSP holds as it is).
 * @fastify/swagger collects routes as they are added, so this runs before every other module's routes.
 */
export async function openApiRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(fastifySwagger, swaggerOptions);
  let page: string | undefined;

  app.get(DOCUMENT_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));

  app.get(DOCS_PATH, async (_request, reply) => {
    page ??= renderReferencePage(app.swagger() as unknown as OpenApiDocument, {
      rateLimitPerMinute: ctx.config.API_RATE_LIMIT_PER_MINUTE,
      baseUrl: ctx.config.appUrl,
    });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}
