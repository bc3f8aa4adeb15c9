import type { FastifyInstance } from 'fastify';

/**
 * Closing lets each open connection go once its answer is sent. Node closes the connections idle
 * when the close begins, but one busy then (an answer being made or written, a webhook of the
 * payment simulator's arriving) stayed open for the keep-alive time (72 s) after its answer, and
 * the close (SIGTERM's, or a test's second start) waited for it: an answer made from then on tells
 * its client so, and one already on its way ends its connection a moment after it is sent.
 */
export function endConnectionsOnClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.keepAliveTimeout = 1;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
