import type { Role } from '@freight/domain';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { makeUser, setCookie } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';

/** Signs in a staff user with these roles and stubs the API with `stubs` over `base`; the fetch mock. */
export function signInStaff(roles: Role[], stubs: Record<string, unknown>) {
  const user = makeUser(roles);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...stubs });
}

/** The JSON body a fetch mock's nth call sent. */
export const sentBody = (mock: { mock: { calls: unknown[][] } }, n = 0) =>
  JSON.parse(String(((mock.mock.calls[n] as unknown[])[1] as RequestInit).body)) as unknown;
