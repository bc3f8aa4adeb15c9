import { twoFactorChallengeRequest, twoFactorConfirmRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { recentlyConfirmed, requireVerified, verified } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { authService } from '../auth/auth.service';
import { rememberedDevices } from './remembered-devices';
import { twoFactorService } from './two-factor.service';

/** Secrets and recovery codes are shown once: no cache may keep a copy. */
const uncached = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The second factor, with Laravel Fortify's endpoints: the user's own settings (each change needs
 * the password confirmed recently, 423 otherwise) and the sign-in's second step.
 */
export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const twoFactor = twoFactorService(ctx);
  const auth = authService(ctx);
  const devices = rememberedDevices(ctx);

  r.get('/user/two-factor-authentication', { preValidation: requireVerified }, async (request, reply) => {
    const { user } = verified(request);
    return uncached(reply).send({ data: await twoFactor.status(user.id) });
  });

  r.post('/user/two-factor-authentication', { preValidation: requireVerified }, async (request, reply) => {
    const { user } = verified(request);
    recentlyConfirmed(request, ctx.now());
    return uncached(reply).send({ data: await twoFactor.enable(user) });
  });

  r.post(
    '/user/confirmed-two-factor-authentication',
    { preValidation: requireVerified, schema: { body: twoFactorConfirmRequest } },
    async (request, reply) => {
      const { user } = verified(request);
      recentlyConfirmed(request, ctx.now());
      return uncached(reply).send({ data: await twoFactor.confirm(user, request.body.code, auditActor(request)) });
    },
  );

  r.post('/user/two-factor-recovery-codes', { preValidation: requireVerified }, async (request, reply) => {
    const { user } = verified(request);
    recentlyConfirmed(request, ctx.now());
    return uncached(reply).send({ data: await twoFactor.regenerateRecoveryCodes(user, auditActor(request)) });
  });

  r.delete('/user/two-factor-authentication', { preValidation: requireVerified }, async (request, reply) => {
    const { user } = verified(request);
    recentlyConfirmed(request, ctx.now());
    await twoFactor.disable(user, auditActor(request));
    return reply.code(204).send();
  });

  r.post('/two-factor-challenge', { schema: { body: twoFactorChallengeRequest } }, async (request, reply) => {
    const user = await twoFactor.challenge(request.session, request.body, request.ip);
    const remember = request.session?.twoFactorRemember ?? false;
    await auth.recordSignIn(user.id);
    await ctx.sessions.start(request, reply, user.id, remember);
    if (request.body.remember_device) await devices.remember(request, reply, user);
    return reply.code(204).send();
  });
}
