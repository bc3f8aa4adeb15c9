import type { CurrentUser } from '@freight/contracts';
import { forgetLanguage } from './languageCookie';

/** localStorage key of the logged-in user. */
export const AUTH_STATE_KEY = 'AUTH_STATE';
/** localStorage key of the language a guest picked on the auth pages. */
export const LANGUAGE_KEY = 'LANGUAGE';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedUser: CurrentUser | null = null;

function read(): CurrentUser | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(AUTH_STATE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as CurrentUser) : null;
    cachedUser = parsed && typeof parsed === 'object' && Array.isArray(parsed.roles) ? parsed : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

function emit() {
  for (const l of listeners) l();
}

/** The logged-in user as stored, or null for a guest. */
export function getAuthUser(): CurrentUser | null {
  return read();
}

/**
 * Logouts in this document so far. A logout clears the storage and leaves for the login page, but
 * an answer already on its way (the user refreshed in the background) can arrive before the page
 * is gone and would store the user again, for the next person at the computer to find: an answer
 * is stored only if no logout came after its request was sent.
 */
let logouts = 0;

/** Taken before a request whose answer is the user: `setAuthUser(user, askedAt)` then drops an answer a logout overtook. */
export const logoutsSoFar = () => logouts;

export function setAuthUser(user: CurrentUser, askedAt = logouts): void {
  if (askedAt !== logouts) return;
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  emit();
}

/** Forget the stored user (a 401 answer). */
export function clearAuthUser(): void {
  localStorage.removeItem(AUTH_STATE_KEY);
  emit();
}

/**
 * Logout: clear ALL local storage. This page's screens are not told: logout leaves
 * for the login page at once, and a guard told the user is gone would send the browser to
 * /login?redirect=<this page> instead. Other tabs hear it (the storage event) and leave too.
 */
export function clearAllStorage(): void {
  logouts += 1;
  localStorage.clear();
  forgetLanguage();
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === AUTH_STATE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
