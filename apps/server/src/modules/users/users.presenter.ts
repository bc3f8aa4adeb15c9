import type { CurrentUser } from '@freight/contracts';
import { permissionsOf, type UserSettings } from '@freight/domain';
import { fullName } from '../../people';
import type { LoadedUser } from './users.repository';

/** The wire shape of GET /api/user. */
export function presentUser({ user, settings, account }: LoadedUser): CurrentUser {
  return {
    id: user.id,
    name: fullName(user),
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    roles: user.roles,
    account: account
      ? {
          id: account.id,
          name: account.name,
          status: account.status,
          payment_terms: account.paymentTerms,
          billing_address: account.billingAddress ?? null,
          account_address: account.accountAddress ?? null,
          role: user.accountRole ?? 'viewer',
          permissions: [...permissionsOf(user.accountRole ?? 'viewer', account)],
        }
      : null,
    settings: {
      language: settings.language,
      unit_system: settings.unitSystem,
      currency: settings.currency,
      records_per_page: settings.recordsPerPage,
      insurance_preference: settings.insurancePreference,
      preferred_mode: settings.preferredMode,
      subscriptions: settings.subscriptions,
    } as UserSettings,
  };
}
