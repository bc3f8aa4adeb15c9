import type { registerRequest } from '@freight/contracts';
import type { CustomerRole, Role } from '@freight/domain';
import { generateSync } from 'otplib';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { hashPassword } from '../../security/passwords';
import { authService } from '../auth/auth.service';
import { twoFactorService } from '../two-factor/two-factor.service';
import { usersService } from '../users/users.service';

export interface SeededUser {
  user_id: string;
  account_id: string | null;
}

interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A foreign key that names no row (here: an account that does not exist). */
const namesNoRow = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23503' || namesNoRow((error as { cause?: unknown }).cause));

/**
 * What the scenarios' fixtures build their own world with, through the product's own services, so
 * a seeded record is what the product itself makes: a company signs up as the signup form signs
 * one up (its account, its admin, the verification mail) and is verified as the mailed link
 * verifies it; a colleague joins an account in a role as an accepted invitation makes one; a
 * staff member enrols an authenticator app as the security settings enrol one (the server makes
 * the secret, the first code confirms it, the audit log records it).
 */
export function testSeedService(ctx: AppContext) {
  const users = usersService(ctx.db);
  // The same answer the signup form gets for an address in use.
  const refuseTakenEmail = async (email: string) => {
    if (await users.emailTaken(email)) throw AppError.field('email', 'validation.email_taken');
  };
  const newUser = async (
    person: Person,
    values: { accountId: string | null; accountRole?: CustomerRole; roles?: Role[]; bookingLimitCents?: number | null },
  ) => {
    await refuseTakenEmail(person.email);
    return users
      .create({
        ...values,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        passwordHash: await hashPassword(person.password),
        emailVerifiedAt: ctx.now(),
      })
      .catch((error: unknown) => {
        if (namesNoRow(error)) throw AppError.notFound();
        throw error;
      });
  };

  return {
    async company(registration: z.output<typeof registerRequest>, ip: string, verified: boolean): Promise<SeededUser> {
      const auth = authService(ctx);
      const user = await auth.register(registration, ip);
      if (verified) await auth.markVerified(user.id);
      return { user_id: user.id, account_id: user.accountId };
    },

    async colleague(person: Person, accountId: string, role: CustomerRole, bookingLimitCents: number | null): Promise<SeededUser> {
      const user = await newUser(person, { accountId, accountRole: role, bookingLimitCents });
      return { user_id: user.id, account_id: user.accountId };
    },

    /** A staff member with `roles` and an authenticator app: answers its secret, for the scenario's codes. */
    async staff(person: Person, roles: Role[], ip: string) {
      const user = await newUser(person, { accountId: null, roles });
      const twoFactor = twoFactorService(ctx);
      const { secret_key } = await twoFactor.enable(user);
      // The code the app showed a step ago (taken, as a phone a little behind would show it): this
      // step's code and the next stay unused, for the scenario's sign-in and a confirmation.
      const code = generateSync({ secret: secret_key, epoch: Math.floor(ctx.now().getTime() / 1000) - 30 });
      await twoFactor.confirm(user, code, { id: user.id, email: user.email, ip });
      return { user_id: user.id, account_id: null, totp_secret: secret_key };
    },
  };
}
