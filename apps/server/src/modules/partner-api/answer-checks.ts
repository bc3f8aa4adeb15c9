import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_ROUTES } from './api-routes';
import { answerBody } from './openapi-answers';

/**
 * Tests only (AppDeps.checkAnswers): every success answer of a route whose answer has a zod schema
 * (openapi-answers.ts) is checked against it, on the web's path and the API's alike, so the
 * documented answer and the real one cannot drift apart without a test failing. A mismatch
 * answers 500 and says what differs.
 */
export function checkAnswers(app: FastifyInstance) {
  const documented = new Map<string, NonNullable<ReturnType<typeof answerBody>>>();
  for (const route of API_ROUTES) {
    const answer = answerBody(route);
    if (answer) documented.set(`${route.method} ${route.path}`, answer);
  }
  app.addHook('onSend', async (request, reply, payload) => {
    const answer = documented.get(`${request.method} ${request.routeOptions.url}`);
    if (!answer || reply.statusCode !== answer.status || typeof payload !== 'string') return payload;
    const checked = answer.body.safeParse(JSON.parse(payload));
    if (checked.success) return payload;
    const problem = `${request.method} ${request.routeOptions.url} answered outside its documented schema:\n${z.prettifyError(checked.error)}`;
    console.error(problem);
    throw new Error(problem);
  });
}
