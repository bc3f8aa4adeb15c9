import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { API_ROUTES } from './api-routes';
import { type Answer, answerOf, bodyOf } from './openapi-answers';
import { WEB_ANSWERS } from './web-answers';

/** What every route that says so answers on success, by `METHOD path`: the partner API's (openapi-answers.ts) and the portal's own (web-answers.ts). */
export function saidAnswers() {
  const said = new Map<string, Answer>();
  for (const route of API_ROUTES) said.set(`${route.method} ${route.path}`, answerOf(route));
  for (const [route, answer] of Object.entries(WEB_ANSWERS)) said.set(route, answer);
  return said;
}

/** The types a file answer may have, as its Content-Type starts. */
const fileTypes = (answer: Answer) =>
  answer.kind === 'pdf' ? ['application/pdf'] : answer.kind === 'csv' ? ['text/csv'] : answer.kind === 'file' ? answer.types : [];

/**
 * Tests only (AppDeps.checkAnswers): every success answer of a route that says what it answers
 * (saidAnswers) is checked against it, on the web's path and the API's alike, so the documented
 * answer and the real one cannot drift apart without a test failing: a JSON answer against its
 * zod schema, a file by its type, a deletion by its empty 204. A mismatch answers 500 and says what
 * differs.
 */
export function checkAnswers(app: FastifyInstance) {
  const said = saidAnswers();
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url}`;
    const answer = said.get(route);
    const problem = answer && problemWith(answer, reply, payload);
    if (!problem) return payload;
    console.error(`${route} ${problem}`);
    throw new Error(`${route} ${problem}`);
  });
}

/** What is wrong with an answer of the route, if anything; answers with a status other than the documented success's are not checked. */
function problemWith(answer: Answer, reply: FastifyReply, payload: unknown) {
  if (answer.kind === 'deleted' || answer.kind === 'empty') {
    const status = answer.kind === 'empty' ? answer.status : 204;
    return reply.statusCode === status && payload ? `answered a body with its ${status}` : undefined;
  }
  if (answer.kind === 'redirect') {
    const redirected = reply.statusCode === 302 || reply.statusCode === 303;
    return redirected && !reply.getHeader('location') ? 'redirected to no Location' : undefined;
  }
  const types = fileTypes(answer);
  if (types.length) {
    const type = String(reply.getHeader('content-type') ?? '');
    const expected = types.some((t) => type.startsWith(t));
    return reply.statusCode === 200 && !expected ? `answered ${type || 'no type'}, not ${types.join(' or ')}` : undefined;
  }
  const body = bodyOf(answer);
  const statuses = answer.kind === 'body' ? answer.statuses : [body?.status];
  if (!body || !statuses.includes(reply.statusCode) || typeof payload !== 'string') return undefined;
  const checked = body.body.safeParse(JSON.parse(payload));
  return checked.success ? undefined : `answered outside its documented schema:\n${z.prettifyError(checked.error)}`;
}
