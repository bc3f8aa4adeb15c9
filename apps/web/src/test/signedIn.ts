import { AUTH_STATE_KEY } from '../lib/authState';
import { type makeUser, setCookie } from './fixtures';
import { stubApi } from './stubApi';

/**
 * A user signed in as the login page leaves one (the stored auth state and the CSRF cookie), with
 * the API stubbed as `stubApi` stubs it and GET /api/user answering that user.
 */
export function signIn(user: ReturnType<typeof makeUser>, stubs: Record<string, unknown>) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...stubs });
}

/** The calls the stubbed API received for one method and path (its query left out). */
export const callsOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u).split('?')[0] === path && (init?.method ?? 'GET') === method);

/** The JSON bodies of those calls. */
export const bodiesOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  callsOf(fetchMock, method, path).map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
