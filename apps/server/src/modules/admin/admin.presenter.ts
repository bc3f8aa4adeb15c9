import type { Paginated } from '@freight/contracts';
import { ROLES } from '@freight/domain';
import { pageMeta } from '../../paging';
import { fullName } from '../users/users.presenter';
import type { AccountRow, UserRow } from '../users/users.repository';

type AccountListRow = Pick<AccountRow, 'id' | 'name' | 'status' | 'createdAt'> & { usersCount: number | null };

export function presentAccountsPage(rows: AccountListRow[], total: number, page: number, perPage: number): Paginated<unknown> {
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      users_count: Number(row.usersCount ?? 0),
      created_at: row.createdAt.toISOString(),
    })),
    meta: pageMeta(total, page, perPage),
  };
}

export function presentAccountDetail(account: AccountRow, members: UserRow[]) {
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    created_at: account.createdAt.toISOString(),
    billing_address: account.billingAddress ?? null,
    account_address: account.accountAddress ?? null,
    users: members.map((m) => ({
      id: m.id,
      name: fullName(m),
      email: m.email,
      email_verified_at: m.emailVerifiedAt?.toISOString() ?? null,
    })),
  };
}

/** Every role with the users who hold it. */
export function presentRoles(staff: UserRow[]) {
  return ROLES.map((role) => ({
    role,
    users: staff.filter((u) => u.roles.includes(role)).map((u) => ({ id: u.id, name: fullName(u), email: u.email })),
  }));
}
