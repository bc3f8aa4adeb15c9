import { passkeyLoginRequest, passkeyRegisterRequest, passkeyRenameRequest } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recentlyConfirmed, requireVerified, verified } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { authService } from '../auth/auth.service';
import { presentAddedPasskey, presentPasskey } from './passkeys.presenter';
import { passkeysService } from './passkeys.service';

const idParams = z.object({ id: z.string().max(64) });

/** A ceremony's challenge is kept in the session; every unsafe call has one (CSRF needs it). */
function session(request: FastifyRequest) {
  if (!request.session) throw AppError.unauthenticated();
  return request.session;
}

/**
 * Passkeys: the user's own (listed, added and removed with the password confirmed recently,
 * renamed) and the sign-in with one, after the password or instead of it.
 */
export async function passkeysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const passkeys = passkeysService(ctx);
  const auth = authService(ctx);

  r.get('/user/passkeys', { preValidation: requireVerified }, async (request) => {
    const { user } = verified(request);
    return { data: (await passkeys.list(user.id)).map(presentPasskey) };
  });

  r.post('/user/passkeys/options', { preValidation: requireVerified }, async (request) => {
    const { user } = verified(request);
    recentlyConfirmed(request, ctx.now());
    return { data: await passkeys.registrationOptions(session(request), user) };
  });

  r.post('/user/passkeys', { preValidation: requireVerified, schema: { body: passkeyRegisterRequest } }, async (request, reply) => {
    const { user } = verified(request);
    recentlyConfirmed(request, ctx.now());
    const { row, codes } = await passkeys.register(session(request), user, request.body, auditActor(request));
    // Recovery codes are shown once: no cache may keep a copy.
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({ data: presentAddedPasskey(row, codes) });
  });

  r.put(
    '/user/passkeys/:id',
    { preValidation: requireVerified, schema: { params: idParams, body: passkeyRenameRequest } },
    async (request) => {
      const { user } = verified(request);
      return { data: presentPasskey(await passkeys.rename(user.id, request.params.id, request.body.name)) };
    },
  );

  r.delete('/user/passkeys/:id', { preValidation: requireVerified, schema: { params: idParams } }, async (request, reply) => {
    const { user } = verified(request);
    recentlyConfirmed(request, ctx.now());
    await passkeys.remove(user, request.params.id, auditActor(request));
    return reply.code(204).send();
  });

  r.post('/passkey-login/options', async (request) => ({ data: await passkeys.loginOptions(session(request)) }));

  r.post('/passkey-login', { schema: { body: passkeyLoginRequest } }, async (request, reply) => {
    const current = session(request);
    const user = await passkeys.signIn(current, request.body.credential, request.ip);
    // The second step keeps the choice made with the password; without it, the form's own checkbox.
    const remember = current.twoFactorUserId ? current.twoFactorRemember : request.body.remember;
    await auth.recordSignIn(user.id);
    await ctx.sessions.start(request, reply, user.id, remember);
    return reply.code(204).send();
  });
}
