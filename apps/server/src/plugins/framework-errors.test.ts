import http from 'node:http';
import net from 'node:net';
import { API_SCOPES } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedStream } from '../csv/csv.routes';
import { accountApiClient } from '../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../test/harness';

/**
 * The refusals Fastify and Node produce themselves answer in the documented shape
 * `{message, code}` with a code of their own and a message in the caller's language; what the
 * database would refuse is a 4xx too; a download fails before its first byte when it can.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  // Test routes (the app is not ready yet, so they may still be added).
  t.app.get('/api/test-data-exception', async () => {
    // As drizzle reports PostgreSQL's 'value out of range for type integer'.
    throw Object.assign(new Error('Failed query: select ...'), {
      cause: Object.assign(new Error('value out of range'), { code: '22003' }),
    });
  });
  const pieces = (failAt: number) =>
    async function* () {
      for (let i = 0; ; i += 1) {
        if (i === failAt) throw new Error('connection to the database lost');
        yield `line ${i}\n`;
        if (i === 5) return;
      }
    };
  for (const failAt of [1, 3]) {
    t.app.get(`/api/test-download-${failAt}`, async (_request, reply) => {
      const csv = await startedStream(pieces(failAt)());
      return reply.headers({ 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="x.csv"' }).send(csv);
    });
  }
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const spanish = () => {
  const c = t.client();
  c.acceptLanguage = 'es';
  return c;
};

describe('framework refusals', () => {
  it('answers a malformed JSON body 400 invalid_json, in the caller’s language', async () => {
    const send = (c: TestClient) =>
      c.request({ method: 'POST', url: '/login', payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    const en = await send(t.client());
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
    expect((await send(spanish())).json()).toEqual({ message: 'El cuerpo de la solicitud no es un JSON válido.', code: 'invalid_json' });
  });

  it('uses the signed-in user’s language setting', async () => {
    const c = await t.client().login('other@demo.test');
    expect((await c.put('/api/settings', { language: 'es' })).statusCode).toBe(200);
    const res = await c.request({ method: 'PUT', url: '/api/settings', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ message: 'El cuerpo de la solicitud no es un JSON válido.', code: 'invalid_json' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty JSON body 400 empty_body', async () => {
    const res = await spanish().request({ method: 'POST', url: '/login', payload: '', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'El cuerpo de la solicitud está vacío, pero su tipo de contenido indica JSON.',
      code: 'empty_body',
    });
  });

  it('answers a content type no route takes 415 unsupported_media_type', async () => {
    const res = await t
      .client()
      .request({ method: 'POST', url: '/login', payload: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'This content type is not accepted here.', code: 'unsupported_media_type' });
  });

  it('answers a body over the limit 413 payload_too_large', async () => {
    const res = await spanish().request({
      method: 'POST',
      url: '/forgot-password',
      payload: { email: 'a@b.test', pad: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'El cuerpo de la solicitud es demasiado grande.', code: 'payload_too_large' });
  });

  it('answers a body whose size is not its Content-Length 400 invalid_content_length', async () => {
    const res = await t.client().request({
      method: 'POST',
      url: '/forgot-password',
      payload: '{"email":"a@b.test"}',
      headers: { 'content-type': 'application/json', 'content-length': '50' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body's size does not match its Content-Length.", code: 'invalid_content_length' });
  });

  it('answers a body the client stopped sending 400 bad_request in the same shape', async () => {
    // Node's parser sees the connection end before the body: the request is aborted, a 400.
    const { status, body } = await raw(
      'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"grant_type":',
      { halfClose: true },
    );
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ message: 'The request could not be understood.', code: 'bad_request' });
  });

  it('answers a URL that does not decode 400 bad_url, with the usual headers', async () => {
    const res = await spanish().get('/api/addresses/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'La dirección de esta solicitud no es válida (tiene una codificación porcentual mal formada).',
      code: 'bad_url',
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a path parameter over the router’s limit 414 uri_too_long', async () => {
    const res = await t.client().get(`/api/addresses/${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: "A part of this request's address is too long.", code: 'uri_too_long' });
  });

  it('answers headers too large for Node’s parser 431 headers_too_large (in English: no header was read)', async () => {
    const { status, headers, body } = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/api/user', headers: { 'accept-language': 'es', 'x-big': 'a'.repeat(64 * 1024) } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => {
              text += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(status).toBe(431);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(body)).toEqual({ message: 'The request headers are too large.', code: 'headers_too_large' });
  });

  it('answers a malformed request line 400 bad_request in the same shape', async () => {
    const { status, body } = await raw('GET /api/user HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ message: 'The request could not be understood.', code: 'bad_request' });
  });
});

describe('input the database would refuse', () => {
  it('answers a database data exception 400 invalid_input, without its text', async () => {
    const res = await spanish().get('/api/test-data-exception');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Algunos de los datos enviados no son válidos (por ejemplo, un carácter, un número o una fecha que no se puede guardar).',
      code: 'invalid_input',
    });
  });

  it('refuses a NUL or a lone surrogate in any field with 422, and in a path parameter with 404', async () => {
    const c = await t.client().login('shipper@demo.test');
    const nul = await c.request({ method: 'GET', url: '/api/addresses?q=a%00b' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toEqual({
      message: 'The given data was invalid.',
      code: 'validation',
      errors: { q: ['The given data was invalid.'] },
    });
    const surrogate = await c.request({
      method: 'POST',
      url: '/api/support/conversations',
      payload: '{"category":"other","message":"half \\ud800 a character"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(surrogate.statusCode).toBe(422);
    expect(surrogate.json().errors).toEqual({ message: ['The given data was invalid.'] });
    expect((await c.get('/api/addresses/a%00b')).statusCode).toBe(404);
  });

  it('refuses a date out of the portal’s range before it reaches the database', async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.get('/api/invoices/history?to=0001-01-01');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { to: ['Please enter a valid date'] } });
  });
});

describe('downloads', () => {
  it('answers a bad export query 422 in the documented shape, not a CSV', async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.get('/api/addresses/export.csv?sort=nope');
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ code: 'validation', errors: { sort: [expect.any(String)] } });
  });

  it('answers a failure while the first rows are read with a 500 in the documented shape', async () => {
    const res = await t.client().get('/api/test-download-1');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'server_error', request_id: expect.any(String) });
    expect(res.body).not.toContain('database');
  });

  it('breaks off a download that fails later, so it never looks complete', async () => {
    const { body, complete } = await new Promise<{ body: string; complete: boolean }>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/api/test-download-3' }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('error', () => resolve({ body: text, complete: res.complete }));
        res.on('close', () => resolve({ body: text, complete: res.complete }));
      });
    });
    expect(body).toContain('line 0');
    expect(complete).toBe(false);
  });
});

describe('Cache-Control of signed-in API answers', () => {
  it('is no-store on successes and refusals, in the session and with a bearer token', async () => {
    const shipper = await t.client().login('shipper@demo.test');
    for (const url of ['/api/user', '/api/addresses', '/api/admin/accounts', '/api/addresses/00000000-0000-4000-8000-000000000000']) {
      const res = await shipper.get(url);
      expect([200, 403, 404], url).toContain(res.statusCode);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const { client: api } = await accountApiClient(t.app, shipper, [...API_SCOPES]);
    for (const url of ['/api/v1/quotes', '/api/v1/quotes/00000000-0000-4000-8000-000000000000', '/api/v1/quotes?page=0']) {
      const res = await api.get(url);
      expect([200, 404, 422], url).toContain(res.statusCode);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

/** Raw bytes on a socket: for requests no HTTP client would send. `halfClose` ends the sending side after them. */
function raw(request: string, opts: { halfClose?: boolean } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = new net.Socket();
    let text = '';
    socket.on('data', (c: Buffer) => {
      text += c.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.connect(port, '127.0.0.1', () => {
      socket.write(request);
      if (opts.halfClose) socket.end();
    });
  });
}
