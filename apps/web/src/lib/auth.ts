import type { CurrentUser, TwoFactorLoginResponse } from '@freight/contracts';
import { isStaff } from '@freight/domain';
import { useSyncExternalStore } from 'react';
import { api } from './api';
import { clearAllStorage, getAuthUser, logoutsSoFar, setAuthUser, subscribeAuth } from './authState';
import { paths } from './paths';

/** A prerendered guest page is a guest's: hydrating it, the browser starts from no user, then renders its own. */
const prerenderedUser = () => null;

/** The stored user (AUTH_STATE), re-rendering on login, refresh and logout. */
export function useAuthUser(): CurrentUser | null {
  return useSyncExternalStore(subscribeAuth, getAuthUser, prerenderedUser);
}

/** GET /api/user and store the answer under AUTH_STATE (unless a logout came meanwhile). */
export async function fetchCurrentUser(opts: { skipAuthRedirect?: boolean } = {}): Promise<CurrentUser> {
  const askedAt = logoutsSoFar();
  const res = await api.get<{ data: CurrentUser }>('/api/user', opts);
  setAuthUser(res.data, askedAt);
  return res.data;
}

export interface Credentials {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * Login = POST /login then GET /api/user (stored). A user with a second factor gets the password
 * step's answer instead (no user yet: the second step comes first). Errors are handed back to the caller.
 */
export async function login(credentials: Credentials): Promise<CurrentUser | TwoFactorLoginResponse> {
  const answer = await api.post<Partial<TwoFactorLoginResponse>>('/login', credentials, { skipAuthRedirect: true });
  if (answer.two_factor) {
    // Every way, should the server name none (it always does): a way the user lacks only fails.
    const methods = answer.methods?.length ? answer.methods : (['totp', 'recovery_code', 'passkey'] as const);
    return { two_factor: true, remember_device: answer.remember_device ?? false, methods: [...methods] };
  }
  return fetchCurrentUser();
}

/** Where a user lands after login when no redirect was asked for. */
export function homeFor(user: Pick<CurrentUser, 'roles'>): string {
  return isStaff(user.roles) ? paths.admin.dashboard : paths.home;
}

/**
 * Logout: POST /logout (failure ignored), clear all local storage, load the login page. It is a
 * guest page, a new document: nothing of the session stays in memory.
 */
export async function logout() {
  try {
    await api.post('/logout', undefined, { skipAuthRedirect: true });
  } catch {
    // A failed logout is ignored: the session is gone either way, and the user is already leaving
  }
  clearAllStorage();
  window.location.replace(paths.login);
}

/**
 * Only same-origin paths are followed after login or password confirmation. Browsers drop tabs
 * and newlines from URLs ('/\t/evil.com' becomes '//evil.com') and read '\' as '/', so any
 * control character or backslash is refused, the value must start with a single '/', and it must
 * resolve to this origin.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const { origin } = window.location;
    return new URL(value, origin).origin === origin ? value : null;
  } catch {
    return null;
  }
}
