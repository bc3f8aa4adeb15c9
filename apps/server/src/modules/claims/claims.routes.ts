import {
  claimAcknowledgementRequest,
  claimAssignRequest,
  claimDecisionRequest,
  claimFileRequest,
  claimListQuery,
  claimMessageRequest,
  claimPacketQuery,
  claimPaymentRequest,
  claimQueueQuery,
  claimStaffMessageRequest,
} from '@freight/contracts';
import { canHandleClaims, type UnitSystem } from '@freight/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { adminPage, customer, customerRoute, signedIn } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { sendAttachment } from '../support/support.service';
import { registerClaimReminders } from './claim-reminders';
import { claimsService } from './claims.service';

const idParams = z.object({ id: z.string().max(64) });
const fileParams = idParams.extend({ attachment_id: z.string().max(64) });

const sendPacket = (reply: FastifyReply, packet: { pdf: Buffer; fileName: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${packet.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(packet.pdf);

/**
 * Freight claims (docs/claims.md). Shippers file and follow their own account's claims (another
 * account's are not found): reading with the shipments' view permission, filing and writing with
 * the booking one. Staff who handle claims (ops, accounting, the admins) work the queue behind the
 * shipment pages' door.
 */
export async function claimsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = claimsService(ctx);
  registerClaimReminders(ctx);
  const see = customerRoute('shipments.view');
  const write = customerRoute('shipments.book');
  const staff = { preValidation: adminPage('shipments', canHandleClaims) };

  r.post('/api/shipments/:id/claims', { ...write, schema: { params: idParams, body: claimFileRequest } }, async (request, reply) => {
    const { user, account } = customer(request);
    return reply.code(201).send({ data: await service.file(user, account.id, request.params.id, request.body) });
  });

  r.get('/api/claims', { ...see, schema: { querystring: claimListQuery } }, async (request) =>
    service.list(customer(request).account.id, request.query.page),
  );

  r.get('/api/claims/:id', { ...see, schema: { params: idParams } }, async (request) => ({
    data: await service.view(customer(request).account.id, request.params.id),
  }));

  r.get('/api/claims/:id/packet.pdf', { ...see, schema: { params: idParams, querystring: claimPacketQuery } }, async (request, reply) => {
    const { account, settings } = customer(request);
    const options = { language: request.query.language, unitSystem: settings.unitSystem as UnitSystem };
    return sendPacket(reply, await service.packet(request.params.id, account.id, options));
  });

  r.post('/api/claims/:id/messages', { ...write, schema: { params: idParams, body: claimMessageRequest } }, async (request, reply) => {
    const { user, account } = customer(request);
    return reply.code(201).send({ data: await service.message(user, account.id, request.params.id, request.body) });
  });

  r.get('/api/claims/:id/attachments/:attachment_id', { ...see, schema: { params: fileParams } }, async (request, reply) => {
    const { file, chunks } = await service.attachment(request.params.id, request.params.attachment_id, customer(request).account.id);
    return sendAttachment(reply, file, chunks);
  });

  r.get('/api/admin/claims', { ...staff, schema: { querystring: claimQueueQuery } }, async (request) => {
    const { status, overdue, shipment_id, page } = request.query;
    return service.queue(
      { ...(status ? { status } : {}), ...(shipment_id ? { shipmentId: shipment_id } : {}), overdue: overdue === 'true' },
      page,
    );
  });

  r.get('/api/admin/claims/:id', { ...staff, schema: { params: idParams } }, async (request) => ({
    data: await service.staffView(request.params.id),
  }));

  r.get(
    '/api/admin/claims/:id/packet.pdf',
    { ...staff, schema: { params: idParams, querystring: claimPacketQuery } },
    async (request, reply) => {
      const options = { language: request.query.language, unitSystem: signedIn(request).settings.unitSystem as UnitSystem };
      return sendPacket(reply, await service.packet(request.params.id, undefined, options));
    },
  );

  r.put('/api/admin/claims/:id/assignee', { ...staff, schema: { params: idParams, body: claimAssignRequest } }, async (request) => ({
    data: await service.assign(auditActor(request), request.params.id, request.body.assignee_id),
  }));

  r.post(
    '/api/admin/claims/:id/messages',
    { ...staff, schema: { params: idParams, body: claimStaffMessageRequest } },
    async (request, reply) =>
      reply.code(201).send({ data: await service.staffMessage(auditActor(request), request.params.id, request.body) }),
  );

  r.get('/api/admin/claims/:id/attachments/:attachment_id', { ...staff, schema: { params: fileParams } }, async (request, reply) => {
    const { file, chunks } = await service.attachment(request.params.id, request.params.attachment_id);
    return sendAttachment(reply, file, chunks);
  });

  r.post(
    '/api/admin/claims/:id/acknowledgement',
    { ...staff, schema: { params: idParams, body: claimAcknowledgementRequest } },
    async (request) => ({
      data: await service.acknowledge(auditActor(request), request.params.id, request.body.carrier_claim_number),
    }),
  );

  r.post('/api/admin/claims/:id/decision', { ...staff, schema: { params: idParams, body: claimDecisionRequest } }, async (request) => ({
    data: await service.decide(auditActor(request), request.params.id, request.body),
  }));

  r.post('/api/admin/claims/:id/payment', { ...staff, schema: { params: idParams, body: claimPaymentRequest } }, async (request) => ({
    data: await service.pay(auditActor(request), request.params.id, request.body.amount_cents, request.body.reference),
  }));

  r.post('/api/admin/claims/:id/close', { ...staff, schema: { params: idParams } }, async (request) => ({
    data: await service.close(auditActor(request), request.params.id),
  }));
}
