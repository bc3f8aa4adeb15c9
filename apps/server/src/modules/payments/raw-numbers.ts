import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

/** The routes whose body names a payment method: a booking's payment, invoice payments, saving a method. */
const PAYMENT_ROUTES = new Set(['POST /api/shipments/:id/payment', 'POST /api/invoice-payments', 'POST /api/payment-methods']);

/** Fields that carry a card's or a bank account's numbers (or wrap them), as forms once sent them. */
const NUMBER_FIELDS = ['card', 'bank', 'card_number', 'number', 'cvc', 'account_number', 'routing_number'];

/**
 * Card and bank numbers go from the browser straight to the processor, never to the portal: a
 * payment body that carries them anyway (an old page still open, a client built against the old
 * contract) is refused outright with a 400 that says so, rather than its numbers being dropped
 * silently and the payment going on with whatever else the body held. Installed before the routes
 * it guards, so it runs ahead of their own checks.
 */
export function refuseCardNumbers(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!PAYMENT_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    const body = request.body;
    if (body && typeof body === 'object' && NUMBER_FIELDS.some((field) => field in body)) {
      throw new AppError(400, 'card_numbers_refused', 'errors.card_numbers_refused');
    }
  });
}
