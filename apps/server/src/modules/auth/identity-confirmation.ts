import type { ConfirmationProof, confirmIdentityRequest } from '@freight/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { SessionRow } from '../../plugins/session';
import { passkeysService } from '../passkeys/passkeys.service';
import { passwordsTurnedOff } from '../sso/sso.service';
import { twoFactorService } from '../two-factor/two-factor.service';
import { authService } from './auth.service';

type Input = z.output<typeof confirmIdentityRequest>;
type UserRow = typeof users.$inferSelect;

/**
 * The signed-in user proves who they are again before a sensitive change (POST
 * /user/confirm-password). The proof is the strongest the user has: their second factor when they
 * have one (a code of the app, a recovery code, a passkey), the password only without one. A
 * password from a user with a factor would let a stolen password alone through, so it is refused.
 *
 * A user whose company turned passwords off (single sign-on only) has no password: with a factor
 * they confirm with it; without one they cannot here, and sign in again through their provider,
 * which counts as a confirmation (sso.routes.ts).
 */
export function identityConfirmation(ctx: AppContext) {
  const auth = authService(ctx);
  const twoFactor = twoFactorService(ctx);
  const passkeys = passkeysService(ctx);

  return {
    /** What the user can confirm with, best first; none: only a new sign-in through the provider. */
    async proofs(user: UserRow): Promise<ConfirmationProof[]> {
      const methods = await twoFactor.methods(user.id);
      if (methods.length) return methods;
      return (await passwordsTurnedOff(ctx.db, user)) ? [] : ['password'];
    },

    /** The challenge for a passkey's answer (409 for a user without a passkey). */
    passkeyOptions: (session: SessionRow, user: UserRow) => passkeys.confirmOptions(session, user),

    /** Checks the proof sent; a wrong or missing one is a 422 on its field (429 past the throttle). */
    async confirm(session: SessionRow, user: UserRow, input: Input, ip: string) {
      if (!(await twoFactor.required(user.id))) {
        if (await passwordsTurnedOff(ctx.db, user)) throw AppError.field('password', 'validation.confirm_through_sso');
        if (!input.password) throw AppError.field('password', 'validation.required');
        return auth.confirmPassword(user, input.password);
      }
      if (input.credential) return passkeys.confirmIdentity(session, user, input.credential);
      if (input.code !== undefined || input.recovery_code !== undefined) return twoFactor.confirmIdentity(user, input, ip);
      // The password is not even checked: right or wrong, it is not the proof asked of this user.
      if (input.password !== undefined) throw AppError.field('password', 'validation.password_confirm_second_factor');
      const methods = await twoFactor.methods(user.id);
      throw AppError.field(methods.includes('totp') ? 'code' : 'credential', 'validation.required');
    },
  };
}
