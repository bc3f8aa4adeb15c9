import { Writable } from 'node:stream';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logFormat, loggerOptions, OneLineRequestLog, redactUrl } from './logging';

describe('redactUrl', () => {
  it('drops reset tokens and link signatures, keeps the rest', () => {
    expect(redactUrl('/reset-password/abc123?email=a%40b.test')).toBe('/reset-password/[redacted]?email=a%40b.test');
    expect(redactUrl('/invitation/abc123')).toBe('/invitation/[redacted]');
    expect(redactUrl('/api/invitation/abc123/accept')).toBe('/api/invitation/[redacted]/accept');
    expect(redactUrl('/email/verify/1/h?expires=9&signature=deadbeef')).toBe('/email/verify/1/h?expires=9&signature=[redacted]');
    expect(redactUrl('/api/user')).toBe('/api/user');
  });

  it('drops OAuth secrets a client put in the query, however the name is spelled', () => {
    expect(redactUrl('/oauth/token?client_id=fpc_1&client_secret=fpcs_s3cret')).toBe(
      '/oauth/token?client_id=fpc_1&client_secret=[redacted]',
    );
    expect(redactUrl('/oauth/token?client%5Fsecret=fpcs_s3cret&x=1')).toBe('/oauth/token?client%5Fsecret=[redacted]&x=1');
    expect(redactUrl('/oauth/token?CLIENT_SECRET=a&access_token=b&refresh_token=c&password=d')).toBe(
      '/oauth/token?CLIENT_SECRET=[redacted]&access_token=[redacted]&refresh_token=[redacted]&password=[redacted]',
    );
    expect(redactUrl('/api/quotes?page=2&sort=newest')).toBe('/api/quotes?page=2&sort=newest');
  });

  it('drops authorization codes and second-factor codes and secrets a client put in the query', () => {
    expect(redactUrl('/api/ebay/callback?code=v%5E1.1%23abc&state=s1')).toBe('/api/ebay/callback?code=[redacted]&state=s1');
    expect(redactUrl('/two-factor-challenge?code=123456&recovery_code=abcde-fghjk')).toBe(
      '/two-factor-challenge?code=[redacted]&recovery_code=[redacted]',
    );
    expect(redactUrl('/user/two-factor-authentication?secret_key=JBSWY3DP&secret=JBSWY3DP')).toBe(
      '/user/two-factor-authentication?secret_key=[redacted]&secret=[redacted]',
    );
  });
});

/** A Fastify app whose log entries (JSON, as pino writes them) land in `entries`. */
async function logged(logger: FastifyServerOptions['logger'], extra: Partial<FastifyServerOptions> = {}) {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) entries.push(JSON.parse(line));
      done();
    },
  });
  const options = typeof logger === 'object' && logger ? { ...logger, transport: undefined, stream } : logger;
  const app = Fastify({ logger: options, ...extra });
  app.get('/reset-password/:token', async () => ({ ok: true }));
  app.get('/email/verify/:id/:hash', async (_request, reply) => reply.code(403).send({ message: 'expired' }));
  app.post('/oauth/token', async (_request, reply) => reply.code(400).send({ error: 'invalid_request' }));
  await app.ready();
  return { app, entries };
}

describe('the log: pretty for a person in development, JSON elsewhere', () => {
  it('is pretty in development only', () => {
    expect(logFormat('development')).toBe('pretty');
    expect(logFormat('production')).toBe('json');
    expect(logFormat('test')).toBe('json');
  });

  it('writes JSON as before in production: no transport, the request serializer', () => {
    const options = loggerOptions('info') as Record<string, unknown>;
    expect(Object.keys(options).sort()).toEqual(['level', 'serializers']);
    expect(loggerOptions('warn', 'json')).toMatchObject({ level: 'warn' });
  });

  it('prints through pino-pretty in development, with the same level and serializers', () => {
    const options = loggerOptions('debug', 'pretty') as { level: string; transport: { target: string; options: object } };
    expect(options.level).toBe('debug');
    const request = { method: 'GET', url: '/reset-password/s3cret', host: 'localhost', ip: '127.0.0.1' };
    const req = (o: unknown) => (o as { serializers: { req: (r: typeof request) => unknown } }).serializers.req(request);
    expect(req(options)).toEqual(req(loggerOptions('debug', 'json')));
    expect(req(options)).toMatchObject({ url: '/reset-password/[redacted]' });
    expect(options.transport).toMatchObject({ target: 'pino-pretty', options: { singleLine: true } });
  });

  it('logs each request twice in JSON, its URL redacted', async () => {
    const { app, entries } = await logged(loggerOptions('info', 'json'));
    await app.inject({ method: 'GET', url: '/reset-password/s3cret?email=a%40b.test' });
    const messages = entries.map((e) => e.msg);
    expect(messages).toEqual(['incoming request', 'request completed']);
    expect(entries[0]).toMatchObject({ req: { method: 'GET', url: '/reset-password/[redacted]?email=a%40b.test' } });
    expect(JSON.stringify(entries)).not.toContain('s3cret');
  });

  it('never logs a client secret sent in the query string', async () => {
    const { app, entries } = await logged(loggerOptions('info', 'json'));
    await app.inject({ method: 'POST', url: '/oauth/token?client_id=fpc_1&client_secret=fpcs_s3cret', payload: {} });
    expect(entries[0]).toMatchObject({ req: { url: '/oauth/token?client_id=fpc_1&client_secret=[redacted]' } });
    expect(JSON.stringify(entries)).not.toContain('fpcs_s3cret');
  });

  it('logs one line a request in development, its URL redacted', async () => {
    const { app, entries } = await logged(loggerOptions('info', 'pretty'), { logController: new OneLineRequestLog() });
    await app.inject({ method: 'GET', url: '/reset-password/s3cret?email=a%40b.test' });
    await app.inject({ method: 'GET', url: '/email/verify/1/h?expires=9&signature=deadbeef' });
    expect(entries.map((e) => e.msg)).toEqual([
      expect.stringMatching(/^GET \/reset-password\/\[redacted\]\?email=a%40b\.test 200 \d+\.\d ms$/),
      expect.stringMatching(/^GET \/email\/verify\/1\/h\?expires=9&signature=\[redacted\] 403 \d+\.\d ms$/),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/s3cret|deadbeef/);
  });
});
