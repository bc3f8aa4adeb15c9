import { isStaff } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { twoFactorService } from '../two-factor/two-factor.service';
import type { LoadedUser } from '../users/users.service';

/**
 * What a user who must enrol a second factor may still call: who they are, signing out, their
 * language, the password confirmation that enrolment asks for, and the enrolment itself (an
 * authenticator app or a passkey). Route patterns, as registered.
 */
const OPEN_UNTIL_ENROLLED = new Set([
  '/sanctum/csrf-cookie',
  '/login',
  '/logout',
  '/two-factor-challenge',
  '/passkey-login/options',
  '/passkey-login',
  '/api/user',
  '/api/settings',
  '/user/confirm-password',
  '/user/confirmed-password-status',
  '/user/two-factor-authentication',
  '/user/confirmed-two-factor-authentication',
  '/user/two-factor-recovery-codes',
  '/user/passkeys',
  '/user/passkeys/options',
  '/user/passkeys/:id',
]);

/**
 * Staff cannot work without a second factor, nor can the users of an account whose admin requires
 * one: until they enrol, every other call of theirs is refused with 403 `two_factor_enrolment_required`
 * (the web leads them to enrolment on it, and on GET /api/user's flag).
 */
export function twoFactorPolicy(ctx: AppContext) {
  const twoFactor = twoFactorService(ctx);
  return {
    async enrolmentRequired({ user, account }: LoadedUser) {
      if (!isStaff(user.roles) && !account?.requireTwoFactor) return false;
      return !(await twoFactor.required(user.id));
    },
  };
}

export function installTwoFactorEnforcement(app: FastifyInstance, ctx: AppContext) {
  const policy = twoFactorPolicy(ctx);
  // A hook of the whole app runs before each route's own guards, so nothing a route does is reached.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const route = request.routeOptions.url;
    // Pages (the not-found handler serves the web) and machines' bearer calls (no session) are not the browser's calls.
    if (!request.auth || !request.session || route === undefined || OPEN_UNTIL_ENROLLED.has(route)) return;
    if (await policy.enrolmentRequired(request.auth)) {
      throw new AppError(403, 'two_factor_enrolment_required', 'errors.two_factor_enrolment_required');
    }
  });
}
