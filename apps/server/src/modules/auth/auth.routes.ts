import {
  type ConfirmedPasswordStatus,
  confirmIdentityRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  type TwoFactorLoginResponse,
  updatePasswordRequest,
  updateProfileRequest,
} from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { translator } from '../../i18n';
import { requestLanguage } from '../../plugins/errors';
import { recentlyConfirmed, requireSignedIn, requireVerified, signedIn, verified } from '../../plugins/guards';
import { refusePasswordSignIn } from '../sso/sso-sign-in.service';
import { rememberedDevices, twoFactorService } from '../two-factor/two-factor.service';
import { twoFactorPolicy } from '../two-factor-policy/two-factor-policy.service';
import { presentUser, usersService } from '../users/users.service';
import { authService } from './auth.service';
import { identityConfirmation } from './identity-confirmation';

/** The caller's session (a signed-in caller always has one). */
function sessionOf(request: FastifyRequest) {
  if (!request.session) throw AppError.unauthenticated();
  return request.session;
}

/**
 * The Sanctum SPA contract (cookie session, CSRF cookie, JSON login), plus registration, verification, resets and the
 * second factor (its own module; sign-in's second step is part of this contract).
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = authService(ctx);
  const twoFactor = twoFactorService(ctx);
  const policy = twoFactorPolicy(ctx);
  const devices = rememberedDevices(ctx);
  const users = usersService(ctx.db);
  const confirmation = identityConfirmation(ctx);
  const message = (request: Parameters<typeof requestLanguage>[0], key: string) => ({
    message: translator(requestLanguage(request))(key),
  });

  r.get('/sanctum/csrf-cookie', async (request, reply) => {
    // Each call without a session stores a guest session: bounded per client address.
    if (!request.session) await ctx.throttle.enforce(`guest-session:${request.ip}`, 300, 600);
    await ctx.sessions.ensure(request, reply);
    return reply.code(204).send();
  });

  r.post('/login', { schema: { body: loginRequest } }, async (request, reply) => {
    const user = await auth.attempt(request.body.email, request.body.password, request.ip);
    // A domain whose account turned passwords off signs in through its provider only.
    await refusePasswordSignIn(ctx.db, user);
    // With a second factor the password is only the first step (unless this browser was remembered):
    // no session yet, the challenge is next, offering the factors the user has (told only after the right password).
    const methods = await twoFactor.methods(user.id);
    if (methods.length && !(await devices.recognises(request, user))) {
      await ctx.sessions.startTwoFactor(request, reply, user.id, request.body.remember);
      return { two_factor: true, remember_device: devices.offeredTo(user), methods } satisfies TwoFactorLoginResponse;
    }
    await auth.recordSignIn(user.id);
    await ctx.sessions.start(request, reply, user.id, request.body.remember);
    return reply.code(204).send();
  });

  r.post('/logout', async (request, reply) => {
    await ctx.sessions.destroy(request, reply);
    return reply.code(204).send();
  });

  r.post('/register', { schema: { body: registerRequest } }, async (request, reply) => {
    const user = await auth.register(request.body, request.ip);
    await ctx.sessions.start(request, reply, user.id, false);
    const loaded = await users.load(user.id);
    return reply.code(201).send({ data: presentUser(loaded!) });
  });

  r.post('/email/verification-notification', { preValidation: requireSignedIn }, async (request, reply) => {
    const { user } = signedIn(request);
    const outcome = await auth.resendVerification(user, requestLanguage(request));
    if (outcome === 'already') return reply.code(200).send(message(request, 'verification.already_verified'));
    return reply.code(202).send(message(request, 'verification.sent'));
  });

  r.get(
    '/email/verify/:id/:hash',
    {
      schema: {
        // A mangled link still redirects (status=invalid) instead of answering a JSON 422.
        params: z.object({ id: z.string().max(64).catch(''), hash: z.string().max(128).catch('') }),
        querystring: z.object({
          expires: z.string().max(20).optional().catch(undefined),
          signature: z.string().max(128).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const status = await auth.verifyEmail(request.params.id, request.params.hash, request.query.expires, request.query.signature);
      return reply.redirect(`/email-verified?status=${status}`, 302);
    },
  );

  r.post('/forgot-password', { schema: { body: forgotPasswordRequest } }, async (request) => {
    await auth.forgotPassword(request.body.email, request.ip);
    return message(request, 'password_reset.sent');
  });

  r.post('/reset-password', { schema: { body: resetPasswordRequest } }, async (request) => {
    await auth.resetPassword(request.body, request.ip);
    return message(request, 'password_reset.done');
  });

  // The password, or for a user with a second factor the factor instead (identity-confirmation.ts).
  r.post('/user/confirm-password', { preValidation: requireSignedIn, schema: { body: confirmIdentityRequest } }, async (request, reply) => {
    await confirmation.confirm(sessionOf(request), signedIn(request).user, request.body, request.ip);
    await ctx.sessions.confirmPassword(request);
    return reply.code(201).send();
  });

  r.post('/user/confirm-password/passkey-options', { preValidation: requireSignedIn }, async (request) => ({
    data: await confirmation.passkeyOptions(sessionOf(request), signedIn(request).user),
  }));

  r.get('/user/confirmed-password-status', { preValidation: requireSignedIn }, async (request) => {
    let confirmed = true;
    try {
      recentlyConfirmed(request, ctx.now());
    } catch {
      confirmed = false;
    }
    return { confirmed, proofs: await confirmation.proofs(signedIn(request).user) } satisfies ConfirmedPasswordStatus;
  });

  r.put('/password', { preValidation: requireVerified, schema: { body: updatePasswordRequest } }, async (request) => {
    const { user } = verified(request);
    await auth.changePassword(user, request.body.current_password, request.body.password, request.session?.id);
    return message(request, 'account.password_updated');
  });

  // Open before verification too, so a user who mistyped their email at signup can correct it.
  r.put('/profile', { preValidation: requireSignedIn, schema: { body: updateProfileRequest } }, async (request) => {
    const { user } = signedIn(request);
    const body = request.body;
    const emailChanged = body.email !== user.email;
    if (emailChanged) {
      recentlyConfirmed(request, ctx.now());
      if (await users.emailTaken(body.email, user.id)) throw AppError.field('email', 'validation.email_taken');
    }
    await users
      .update(
        user.id,
        {
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
          ...(emailChanged ? { email: body.email, emailVerifiedAt: null } : {}),
        },
        ctx.now(),
      )
      .catch((error: unknown) => {
        // Another user took the address between the check and the update.
        if (isUniqueViolation(error)) throw AppError.field('email', 'validation.email_taken');
        throw error;
      });
    const loaded = (await users.load(user.id))!;
    if (emailChanged) await auth.sendVerification(loaded.user, requestLanguage(request)).catch(() => {});
    return { data: presentUser(loaded) };
  });

  r.get('/api/user', { preValidation: requireSignedIn }, async (request) => {
    const me = signedIn(request);
    return { data: { ...presentUser(me), two_factor_enrolment_required: await policy.enrolmentRequired(me) } };
  });
}
