// The baseline for bench/quotes-load.ts: a bare Fastify hello-world on 127.0.0.1.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3202) });
