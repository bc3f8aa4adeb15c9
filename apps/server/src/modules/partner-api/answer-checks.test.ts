import Fastify from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAnswers } from './answer-checks';

const subscription = {
  id: '5f0c2a52-7a52-4d8e-9a55-0d8d8f1f6d10',
  created_by: null,
  url: 'https://example.com/hooks',
  description: '',
  events: ['shipment.booked'],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-12-02T15:04:05.000Z',
  last_success_at: null,
  last_failure_at: null,
};

/** A bare app with the checks and one documented route answering `data`. */
async function answering(status: number, data: unknown) {
  const app = Fastify({ logger: false });
  checkAnswers(app);
  app.get('/api/webhooks', async (_request, reply) => reply.code(status).send({ data }));
  await app.ready();
  return app;
}

describe('answers held to their documented schemas', () => {
  // A stopped answer is also told on the console, for the test that made it; not wanted here.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => vi.restoreAllMocks();
  });

  it('lets an answer as documented through unchanged', async () => {
    const app = await answering(200, [subscription]);
    const res = await app.inject({ method: 'GET', url: '/api/webhooks' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [subscription] });
  });

  it('stops an answer with a field the schema does not name, saying which', async () => {
    const app = await answering(200, [{ ...subscription, secret_hash: 'x' }]);
    const res = await app.inject({ method: 'GET', url: '/api/webhooks' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('secret_hash');
  });

  it('stops an answer missing a field or with one of the wrong kind', async () => {
    const { url: _url, ...withoutUrl } = subscription;
    for (const data of [[withoutUrl], [{ ...subscription, enabled: 'yes' }], [{ ...subscription, created_at: 'today' }]]) {
      const res = await (await answering(200, data)).inject({ method: 'GET', url: '/api/webhooks' });
      expect(res.statusCode).toBe(500);
    }
  });

  it('leaves refusals and undocumented routes alone', async () => {
    const refused = await answering(404, { message: 'Not found' });
    expect((await refused.inject({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(404);
    const app = Fastify({ logger: false });
    checkAnswers(app);
    app.get('/api/elsewhere', async () => ({ data: { anything: true } }));
    expect((await app.inject({ method: 'GET', url: '/api/elsewhere' })).statusCode).toBe(200);
  });

  it('holds a file to its type and a deletion to its empty 204, on the portal’s own routes too', async () => {
    const app = Fastify({ logger: false });
    checkAnswers(app);
    let type = 'application/pdf';
    app.get('/api/invoices/:id/pdf', async (_request, reply) => reply.type(type).send(Buffer.from('%PDF-1.7')));
    app.get('/api/products/template.csv', async (_request, reply) => reply.type(type).send('name\n'));
    let body: string | undefined;
    app.delete('/api/addresses/:id', async (_request, reply) => reply.code(204).send(body));
    await app.ready();
    const status = async (method: 'GET' | 'DELETE', url: string) => (await app.inject({ method, url })).statusCode;
    expect(await status('GET', '/api/invoices/1/pdf')).toBe(200);
    expect(await status('GET', '/api/products/template.csv')).toBe(500);
    type = 'text/csv; charset=utf-8';
    expect(await status('GET', '/api/products/template.csv')).toBe(200);
    expect(await status('GET', '/api/invoices/1/pdf')).toBe(500);
    expect(await status('DELETE', '/api/addresses/1')).toBe(204);
    body = '{"data":null}';
    expect(await status('DELETE', '/api/addresses/1')).toBe(500);
  });

  it('holds a body documented under two statuses to its schema under each (a readiness probe’s 200 and 503)', async () => {
    const app = Fastify({ logger: false });
    checkAnswers(app);
    let answer: { code: number; body: unknown } = { code: 503, body: {} };
    app.get('/readyz', async (_request, reply) => reply.code(answer.code).send(answer.body));
    await app.ready();
    const checks = { database: true, migrations: true, jobs: true, accepting: false };
    // A refusal keeps its status when the check stops it (Fastify keeps a 4xx or 5xx), so the body tells.
    const stopped = async () => (await app.inject({ method: 'GET', url: '/readyz' })).body.includes('outside its documented schema');
    answer = { code: 503, body: { status: 'unavailable', checks } };
    expect(await stopped()).toBe(false);
    answer = { code: 503, body: { status: 'unavailable' } };
    expect(await stopped()).toBe(true);
    answer = { code: 200, body: { status: 'ok', checks: { ...checks, accepting: 'yes' } } };
    expect(await stopped()).toBe(true);
    answer = { code: 200, body: { status: 'ok', checks: { ...checks, accepting: true } } };
    expect(await stopped()).toBe(false);
  });
});
