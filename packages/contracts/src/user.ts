import type { CustomerPermission, CustomerRole, Role, UserSettings } from '@freight/domain';
import type { AccountAddress } from './settings';

/** GET /api/user -> {data: CurrentUser}. */
export interface CurrentUser {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  email_verified_at: string | null;
  roles: Role[];
  account: {
    id: string;
    name: string;
    status: 'active' | 'credit_hold';
    /** 'prepaid': each booking is paid by card before it goes to the carrier. */
    payment_terms: 'credit' | 'prepaid';
    billing_address: AccountAddress | null;
    account_address: AccountAddress | null;
    /** The user's role in the account's team, and what it lets them do (the web hides the rest). */
    role: CustomerRole;
    permissions: CustomerPermission[];
  } | null;
  settings: UserSettings;
  /**
   * GET /api/user only: the user must enrol a second factor (staff, or the account requires it)
   * before anything but the security settings answers.
   */
  two_factor_enrolment_required?: boolean;
}

export interface Paginated<T> {
  data: T[];
  /**
   * `total_capped`: the list stopped counting at `total` (there are more); lists of big accounts
   * count only so far past the page, since an exact count costs a scan of every matching row.
   */
  meta: { current_page: number; per_page: number; total: number; last_page: number; total_capped?: boolean };
}
