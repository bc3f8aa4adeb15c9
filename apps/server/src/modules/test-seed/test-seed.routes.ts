import { creditDecisionRequest, registerRequest, trackingEventIn } from '@freight/contracts';
import { CUSTOMER_ROLES, ROLES } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { seededBilling } from './seeded-billing';
import { seededTracking } from './seeded-tracking';
import { seededWebhooks } from './seeded-webhooks';
import { testSeedService } from './test-seed.service';

const person = {
  email: z.email().max(254),
  password: z.string().min(8).max(128),
  first_name: z.string().min(1).max(80).default('Erin'),
  last_name: z.string().min(1).max(80).default('Tester'),
};
/** The terms an approval grants (the staff decision's own fields). */
const creditTerms = creditDecisionRequest.options[0].pick({ net_days: true, credit_limit_cents: true, grace_days: true });
const companyRequest = z.object({ registration: registerRequest, verified: z.boolean().default(true), credit: creditTerms.optional() });
/** `days_ago`: delivered and invoiced that many days back, up to the longest aging bucket's reach. */
const deliveryRequest = z.object({ account_id: z.uuid(), days_ago: z.number().int().min(0).max(120).default(0) });
const accountNamed = z.object({ account_id: z.uuid() });
const carrierEventsRequest = z.object({ account_id: z.uuid(), events: z.array(trackingEventIn).min(1).max(20) });
const reweighRequest = z.object({ account_id: z.uuid(), factor: z.number().min(1.01).max(2) });
const carrierBillRequest = z.object({
  account_id: z.uuid(),
  invoice_number: z.string().trim().min(1).max(40),
  weight_factor: z.number().min(1).max(2).default(1),
  classes_up: z.number().int().min(0).max(5).default(0),
  charge_factor: z.number().min(0.5).max(3).optional(),
});
const colleagueRequest = z.object({
  ...person,
  account_id: z.uuid(),
  role: z.enum(CUSTOMER_ROLES),
  booking_limit_cents: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
});
const staffRequest = z.object({
  ...person,
  roles: z.array(z.enum(ROLES)).min(1),
  /** Accounts the staff member is made the sales rep of (a sales role is needed). */
  rep_of: z.array(z.uuid()).max(20).default([]),
});
const lookAlikeRequest = z.object({ of: z.email().max(254), email: person.email, password: person.password });
const personOf = (b: z.output<typeof colleagueRequest> | z.output<typeof staffRequest>) => ({
  email: b.email,
  password: b.password,
  firstName: b.first_name,
  lastName: b.last_name,
});

/**
 * The test-only seeding path the scenarios' fixtures build their world with (docs/testing.md).
 * app.ts registers it only when the configuration says testSeed (TEST_SEED=1 with NODE_ENV=test,
 * refused in production), so a production server has no such routes at all. It asks for no
 * session: a scenario seeds before anyone signs in. CSRF still applies, as to every unsafe method.
 */
export async function testSeedRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const seed = testSeedService(ctx);
  const billing = seededBilling(ctx);
  const webhooks = seededWebhooks(ctx);
  const tracking = seededTracking(ctx);

  r.post('/__test/companies', { schema: { body: companyRequest } }, async (request, reply) => {
    const b = request.body;
    const data = await seed.company(b.registration, request.ip, b.verified, b.credit);
    return reply.code(201).send({ data });
  });

  r.post('/__test/colleagues', { schema: { body: colleagueRequest } }, async (request, reply) => {
    const b = request.body;
    const data = await seed.colleague(personOf(b), b.account_id, b.role, b.booking_limit_cents);
    return reply.code(201).send({ data });
  });

  r.post('/__test/staff', { schema: { body: staffRequest } }, async (request, reply) => {
    // Each staff member has an authenticator of their own: the answer carries its secret.
    const data = await seed.staff(personOf(request.body), request.body.roles, request.body.rep_of, request.ip);
    return reply.code(201).send({ data });
  });

  r.post('/__test/look-alikes', { schema: { body: lookAlikeRequest } }, async (request, reply) => {
    // A staff look-alike has an authenticator of its own: the answer carries its secret.
    const b = request.body;
    const data = await seed.lookAlike(b.of, b.email, b.password, request.ip);
    return reply.code(201).send({ data });
  });

  // The account is named as every customer route names it, so a scenario delivers only its own.
  r.post(
    '/__test/shipments/:id/delivered',
    { schema: { params: z.object({ id: z.uuid() }), body: deliveryRequest } },
    async (request, reply) => {
      const data = await billing.deliver(request.body.account_id, request.params.id, request.body.days_ago);
      return reply.code(201).send({ data });
    },
  );

  r.post(
    '/__test/shipments/:id/reweigh',
    { schema: { params: z.object({ id: z.uuid() }), body: reweighRequest } },
    async (request, reply) => {
      const data = await billing.reweigh(request.body.account_id, request.params.id, request.body.factor);
      return reply.code(201).send({ data });
    },
  );

  // The carrier's events of an account's shipment (a crossing held at the border, say), taken in as its post would be.
  r.post(
    '/__test/shipments/:id/carrier-events',
    { schema: { params: z.object({ id: z.uuid() }), body: carrierEventsRequest } },
    async (request, reply) => {
      const data = await tracking.carrierEvents(request.body.account_id, request.params.id, request.body.events);
      return reply.code(201).send({ data });
    },
  );

  // The carrier's bill of an account's shipment, for a scenario to send through a real intake (the
  // CSV upload, the carriers' API). Named by its account, as a delivery is.
  r.post(
    '/__test/shipments/:id/carrier-bill',
    { schema: { params: z.object({ id: z.uuid() }), body: carrierBillRequest } },
    async (request, reply) => {
      const b = request.body;
      const data = await billing.carrierBill(b.account_id, request.params.id, {
        invoiceNumber: b.invoice_number,
        weightFactor: b.weight_factor,
        classesUp: b.classes_up,
        chargeFactor: b.charge_factor,
      });
      return reply.code(201).send({ data });
    },
  );

  // A receiver down for a webhook's whole retry window: its deliveries fail for good now.
  r.post('/__test/webhooks/:id/lapse', { schema: { params: z.object({ id: z.uuid() }), body: accountNamed } }, async (request, reply) => {
    const data = await webhooks.lapse(request.body.account_id, request.params.id);
    return reply.code(201).send({ data });
  });
}
