import { approvalListQuery, declineApprovalRequest } from '@freight/contracts';
import { customerCan } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customerWith, requirePermission, requireShipper } from '../../plugins/guards';
import { recheckHoldLater } from '../invoices/invoices.service';
import { type ShipmentsServiceOptions, shipmentsService } from '../shipments/shipments.service';
import { approvalsService, type Decider } from './approvals.service';

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(128) });

/**
 * Held bookings: every user sees the ones they asked for and may withdraw them while they wait;
 * an account admin sees every one of the account's and decides them (approve, decline with a
 * reason), also from a mailed link.
 */
export async function approvalsRoutes(app: FastifyInstance, ctx: AppContext, opts: ShipmentsServiceOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = approvalsService(ctx, opts);
  const shipments = shipmentsService(ctx, opts);
  const checkedId = (id: string) => {
    if (!isUuid(id)) throw AppError.notFound();
    return id;
  };
  /** The caller's account and, for anyone who does not manage the team, their own id (they see only theirs). */
  const scope = (request: FastifyRequest) => {
    const { user, account } = customerWith(request, 'shipments.view');
    return { accountId: account.id, onlyOf: customerCan(user.accountRole, 'team.manage') ? undefined : user.id };
  };
  /** The caller as the activity log records them, holding `permission`. */
  const actorOf = (request: FastifyRequest, permission: 'team.manage' | 'shipments.book'): Decider & { accountId: string } => {
    const { user, account } = customerWith(request, permission);
    return { id: user.id, email: user.email, ip: request.ip, firstName: user.firstName, lastName: user.lastName, accountId: account.id };
  };
  const deciderOf = (request: FastifyRequest) => actorOf(request, 'team.manage');
  const viewing = { preValidation: requirePermission('shipments.view') };
  const deciding = { preValidation: requirePermission('team.manage') };

  r.get('/api/approvals', { ...viewing, schema: { querystring: approvalListQuery } }, async (request) => {
    const { accountId, onlyOf } = scope(request);
    return service.page(accountId, request.query, onlyOf);
  });

  // The navigation's badge on every page: one count on the account's index, no more.
  r.get('/api/approvals/summary', deciding, async (request) => {
    const { account } = customerWith(request, 'team.manage');
    return { data: await service.summary(account.id) };
  });

  r.get('/api/approvals/:id', { ...viewing, schema: { params: idParams } }, async (request) => {
    const { accountId, onlyOf } = scope(request);
    return { data: await service.find(accountId, checkedId(request.params.id), onlyOf) };
  });

  // Approving books: the account must be allowed to ship (credit hold), as for its booker.
  r.post(
    '/api/approvals/:id/approve',
    { preValidation: [requirePermission('team.manage'), requireShipper], schema: { params: idParams } },
    async (request) => {
      const decider = deciderOf(request);
      const { approval, shipment } = await service.approve(decider, decider.accountId, checkedId(request.params.id));
      const { account } = customerWith(request, 'team.manage');
      recheckHoldLater(ctx, account);
      return { data: { approval, shipment: await shipments.view(shipment, requestLanguage(request)) } };
    },
  );

  r.post('/api/approvals/:id/decline', { ...deciding, schema: { params: idParams, body: declineApprovalRequest } }, async (request) => {
    const decider = deciderOf(request);
    return { data: await service.decline(decider, decider.accountId, checkedId(request.params.id), request.body.reason) };
  });

  r.post(
    '/api/approvals/:id/withdraw',
    { preValidation: requirePermission('shipments.book'), schema: { params: idParams } },
    async (request) => {
      const booker = actorOf(request, 'shipments.book');
      const { onlyOf } = scope(request);
      return { data: await service.withdraw(booker, booker.accountId, checkedId(request.params.id), onlyOf) };
    },
  );

  r.post('/api/approvals/links/:token', { ...deciding, schema: { params: tokenParams } }, async (request) => {
    const { user } = customerWith(request, 'team.manage');
    return { data: await service.openLink(user.id, request.params.token) };
  });
}
