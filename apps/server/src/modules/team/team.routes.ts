import {
  invitationAcceptRequest,
  staffTeamActionRequest,
  teamActivityFilter,
  teamActivityQuery,
  teamInviteRequest,
  teamMemberUpdateRequest,
  teamTransferRequest,
} from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { startedStream } from '../../csv/csv.routes';
import { pageMeta } from '../../paging';
import { requestLanguage } from '../../plugins/errors';
import { adminPage, customerWith, recentlyReauthenticated, requirePermission } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { teamService } from './team.service';
import { teamActivity } from './team-activity';

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(128) });

/**
 * Settings > Team (account admins: 'team.manage'), the public invitation page's two calls, and
 * staff's view of an account's team with the resend and deactivation they may do for it
 * (Account Management's door, so the admin role matrix walks them).
 */
export async function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = teamService(ctx);
  const activity = teamActivity(ctx);
  const manage = { preValidation: requirePermission('team.manage') };
  const caller = (request: FastifyRequest) => customerWith(request, 'team.manage');
  const accountId = (request: FastifyRequest) => caller(request).account.id;

  r.get('/api/team', manage, async (request) => ({ data: await service.view(accountId(request)) }));

  // Making someone account admin (by role, hand-over or invitation) is a grant of power: the caller
  // proves who they are again, as staff do for theirs (423 reauthentication_required).
  const proveIdentity = (request: FastifyRequest) => () => recentlyReauthenticated(request, ctx.now());

  r.post('/api/team/invitations', { ...manage, schema: { body: teamInviteRequest } }, async (request, reply) =>
    reply.code(201).send({
      data: await service.invite(auditActor(request), caller(request).account, request.body, proveIdentity(request)),
    }),
  );

  r.post('/api/team/invitations/:id/resend', { ...manage, schema: { params: idParams } }, async (request) => ({
    data: await service.resend(auditActor(request), accountId(request), request.params.id),
  }));

  r.delete('/api/team/invitations/:id', { ...manage, schema: { params: idParams } }, async (request, reply) => {
    await service.revoke(auditActor(request), accountId(request), request.params.id);
    return reply.code(204).send();
  });

  r.put('/api/team/users/:id', { ...manage, schema: { params: idParams, body: teamMemberUpdateRequest } }, async (request) => ({
    data: await service.update(auditActor(request), accountId(request), request.params.id, request.body, proveIdentity(request)),
  }));

  r.post('/api/team/users/:id/deactivate', { ...manage, schema: { params: idParams } }, async (request) => ({
    data: await service.deactivate(auditActor(request), accountId(request), request.params.id),
  }));

  r.post('/api/team/users/:id/reactivate', { ...manage, schema: { params: idParams } }, async (request) => ({
    data: await service.reactivate(auditActor(request), accountId(request), request.params.id),
  }));

  r.post('/api/team/transfer-admin', { ...manage, schema: { body: teamTransferRequest } }, async (request) => ({
    data: await service.transferAdmin(
      auditActor(request),
      accountId(request),
      request.body.user_id,
      request.body.new_role,
      proveIdentity(request),
    ),
  }));

  r.get('/api/team/activity', { ...manage, schema: { querystring: teamActivityQuery } }, async (request) => {
    const q = request.query;
    const { rows, total, capped } = await activity.page(accountId(request), q);
    return { data: rows, meta: pageMeta(total, q.page, q.per_page, capped) };
  });

  r.get('/api/team/activity/export.csv', { ...manage, schema: { querystring: teamActivityFilter } }, async (request, reply) => {
    const { account, settings } = caller(request);
    const csv = await startedStream(activity.csv(account.id, request.query, requestLanguage(request), settings.currency));
    const day = ctx.now().toISOString().slice(0, 10);
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="activity-log-${day}.csv"`,
        'cache-control': 'no-store',
      })
      .send(csv);
  });

  // The invitee has no session yet: the link's token is the whole proof (and is cut from logged URLs).
  r.get('/api/invitation/:token', { schema: { params: tokenParams } }, async (request) => ({
    data: await service.preview(request.params.token),
  }));

  r.post('/api/invitation/:token/accept', { schema: { params: tokenParams, body: invitationAcceptRequest } }, async (request, reply) => {
    const userId = await service.accept(request.params.token, request.body.password, requestLanguage(request), request.ip);
    await ctx.sessions.start(request, reply, userId, false);
    return reply.code(204).send();
  });

  const staff = { preValidation: adminPage('accounts') };
  r.get('/api/admin/accounts/:id/team', { ...staff, schema: { params: idParams } }, async (request) => ({
    data: await service.view(await service.existingAccount(request.params.id)),
  }));

  r.post(
    '/api/admin/accounts/:id/team/invitations/:invitation/resend',
    { ...staff, schema: { params: idParams.extend({ invitation: z.string().max(64) }), body: staffTeamActionRequest } },
    async (request) => ({
      data: await service.resend(
        auditActor(request),
        await service.existingAccount(request.params.id),
        request.params.invitation,
        request.body.reason,
      ),
    }),
  );

  for (const action of ['deactivate', 'reactivate'] as const) {
    r.post(
      `/api/admin/accounts/:id/team/users/:user/${action}`,
      { ...staff, schema: { params: idParams.extend({ user: z.string().max(64) }), body: staffTeamActionRequest } },
      async (request) => ({
        data: await service[action](
          auditActor(request),
          await service.existingAccount(request.params.id),
          request.params.user,
          request.body.reason,
        ),
      }),
    );
  }
}
