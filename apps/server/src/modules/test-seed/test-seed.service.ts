import type { CreditApplicationRequest, registerRequest } from '@freight/contracts';
import { type CustomerRole, isSales, type NetTermsDays, type Role } from '@freight/domain';
import { generateSync } from 'otplib';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { hashPassword } from '../../security/passwords';
import { randomToken } from '../../security/tokens';
import type { AuditActor } from '../audit/audit';
import { authService } from '../auth/auth.service';
import { creditApplicationsService } from '../credit-applications/credit-applications.service';
import { salesRepsService } from '../sales-reps/sales-reps.service';
import { twoFactorService } from '../two-factor/two-factor.service';
import { type SettingsRow, type UserRow, usersService } from '../users/users.service';

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

/** Credit terms a seeded company is granted, as staff grant them on an approved application. */
export interface SeededCredit {
  net_days: NetTermsDays;
  credit_limit_cents: number;
  grace_days: number;
}

/** The application a seeded company files for credit: any complete one will do. */
const creditApplication = (legalName: string, limitCents: number): CreditApplicationRequest => ({
  legal_name: legalName,
  tax_id: '12-3456789',
  years_in_business: 5,
  requested_limit_cents: limitCents,
  bank: { name: 'First Federal', contact: 'Bea Banker', phone: '(312) 555-0150' },
  trade_references: [
    { company: 'Ref One Inc', contact: 'Rae One', email: 'ar@refone.test', phone: '(312) 555-0160' },
    { company: 'Ref Two Inc', contact: 'Rob Two', email: 'ar@reftwo.test', phone: '(312) 555-0161' },
  ],
  accounts_payable: { name: 'Paul Payable', email: 'ap@seeded.test', phone: '(312) 555-0170' },
});

/**
 * The staff member who makes the staff decisions seeding asks for (a company's credit, an account's
 * sales rep): made on first use, named in the audit log like anyone.
 */
const SEEDING_DESK = { email: 'desk@seeding.test', firstName: 'Seeding', lastName: 'Desk' } as const;

type NewUserValues = Pick<UserRow, 'accountId'> &
  Partial<Pick<UserRow, 'accountRole' | 'roles' | 'bookingLimitCents' | 'approvalRequiredFor' | 'phone'>>;
/** A user's settings as another user may take them: their own carrier choices start anew. */
type CopiedSettings = Omit<SettingsRow, 'userId' | 'updatedAt' | 'carrierChoicesVersion'>;

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
  const newUser = async (person: Person, values: NewUserValues, settings?: CopiedSettings) => {
    await refuseTakenEmail(person.email);
    return users
      .create(
        {
          ...values,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          passwordHash: await hashPassword(person.password),
          emailVerifiedAt: ctx.now(),
        },
        settings,
      )
      .catch((error: unknown) => {
        if (namesNoRow(error)) throw AppError.notFound();
        throw error;
      });
  };

  /** The seeding desk as an actor: found, or made (a concurrent seeding that made it first wins). */
  const seedingDesk = async (ip: string): Promise<AuditActor> => {
    const found = (await users.loadByEmail(SEEDING_DESK.email))?.user;
    const desk =
      found ??
      (await newUser({ ...SEEDING_DESK, password: randomToken(24) }, { accountId: null, roles: ['fpg_accounting'] }).catch(
        async (error) => {
          const madeMeanwhile = (await users.loadByEmail(SEEDING_DESK.email))?.user;
          if (madeMeanwhile) return madeMeanwhile;
          throw error;
        },
      ));
    return { id: desk.id, email: desk.email, ip };
  };

  /** The account applies for credit as its admin and the seeding desk approves it with `credit`. */
  const grantCredit = async (userId: string, credit: SeededCredit, ip: string) => {
    const loaded = await users.load(userId);
    if (!loaded?.account) throw AppError.notFound();
    const applications = creditApplicationsService(ctx);
    const filed = await applications.apply(loaded.account, userId, creditApplication(loaded.account.name, credit.credit_limit_cents));
    await applications.decide(await seedingDesk(ip), filed.id, { outcome: 'approved', ...credit, reason: 'Seeded for a scenario' });
  };

  /**
   * Enrols an authenticator app for a staff member as the security settings do, confirmed with
   * the code the app showed a step ago (as a phone a little behind would show it): this step's
   * code and the next stay unused, for the scenario's sign-in and a confirmation. If the step
   * turns between making that code and checking it, the code is two steps old and refused; the
   * new previous step's code is then the one to give.
   */
  const enrolAuthenticator = async (user: UserRow, ip: string) => {
    const twoFactor = twoFactorService(ctx);
    const { secret_key } = await twoFactor.enable(user);
    const previousStepCode = () => generateSync({ secret: secret_key, epoch: Math.floor(ctx.now().getTime() / 1000) - 30 });
    const actor = { id: user.id, email: user.email, ip };
    const first = previousStepCode();
    await twoFactor.confirm(user, first, actor).catch(async (error: unknown) => {
      const again = previousStepCode();
      if (!(error instanceof AppError && error.status === 422) || again === first) throw error;
      await twoFactor.confirm(user, again, actor);
    });
    return secret_key;
  };

  return {
    /** A company signed up (and verified unless told not), on credit terms when `credit` says so. */
    async company(
      registration: z.output<typeof registerRequest>,
      ip: string,
      verified: boolean,
      credit?: SeededCredit,
    ): Promise<SeededUser> {
      const auth = authService(ctx);
      const user = await auth.register(registration, ip);
      if (verified) await auth.markVerified(user.id);
      if (credit) await grantCredit(user.id, credit, ip);
      return { user_id: user.id, account_id: user.accountId };
    },

    async colleague(person: Person, accountId: string, role: CustomerRole, bookingLimitCents: number | null): Promise<SeededUser> {
      const user = await newUser(person, { accountId, accountRole: role, bookingLimitCents });
      return { user_id: user.id, account_id: user.accountId };
    },

    /**
     * A staff member with `roles` and an authenticator app: answers its secret, for the scenario's
     * codes. `repOf`: the accounts the seeding desk then makes them the sales rep of, as a sales
     * admin does on the account's page (a role without sales is refused there, as it is here).
     */
    async staff(person: Person, roles: Role[], repOf: string[], ip: string) {
      if (repOf.length && !isSales(roles)) throw AppError.field('rep_of', 'validation.sales_rep_role');
      const user = await newUser(person, { accountId: null, roles });
      const totpSecret = await enrolAuthenticator(user, ip);
      if (repOf.length) {
        const desk = await seedingDesk(ip);
        const reps = salesRepsService(ctx);
        for (const accountId of repOf) await reps.assign(desk, accountId, user.id);
      }
      return { user_id: user.id, account_id: null, totp_secret: totpSecret };
    },

    /**
     * A user like `of` (an existing user, a demo one as a rule): the same account, role, booking
     * limit, approval rules, staff roles, name and settings, but their own email, password,
     * sessions and (for staff) authenticator. A scenario that only reads what `of` sees signs in
     * as one, so nothing it does to its session or settings reaches another scenario.
     */
    async lookAlike(of: string, email: string, password: string, ip: string) {
      const original = await users.loadByEmail(of);
      if (!original) throw AppError.notFound();
      const { user, settings } = original;
      const { userId: _userId, updatedAt: _updatedAt, carrierChoicesVersion: _version, ...copied } = settings;
      const made = await newUser(
        { email, password, firstName: user.firstName, lastName: user.lastName },
        {
          accountId: user.accountId,
          accountRole: user.accountRole,
          roles: user.roles,
          bookingLimitCents: user.bookingLimitCents,
          approvalRequiredFor: user.approvalRequiredFor,
          phone: user.phone,
        },
        copied,
      );
      const totpSecret = made.roles.length > 0 ? await enrolAuthenticator(made, ip) : null;
      return { user_id: made.id, account_id: made.accountId, totp_secret: totpSecret };
    },
  };
}
