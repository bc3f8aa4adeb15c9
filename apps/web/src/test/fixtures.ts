import type { CurrentUser } from '@freight/contracts';
import { DEFAULT_SETTINGS, type Role } from '@freight/domain';

/** A customer's account: a user without roles is a customer and has one; a user with provider roles has none unless given. */
export const TEST_ACCOUNT: NonNullable<CurrentUser['account']> = {
  id: 'acc',
  name: 'Acme',
  status: 'active',
  payment_terms: 'credit',
  billing_address: null,
  account_address: null,
};

export function makeUser(roles: Role[] = [], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    name: 'Ana Pérez',
    first_name: 'Ana',
    last_name: 'Pérez',
    email: 'ana@example.com',
    phone: '555 123 4567',
    email_verified_at: '2026-01-01T00:00:00Z',
    roles,
    account: roles.length === 0 ? TEST_ACCOUNT : null,
    settings: { ...DEFAULT_SETTINGS },
    ...overrides,
  };
}

/** A JSON Response for fetch mocks. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Set (or, with an empty value, expire) a cookie in jsdom. */
export function setCookie(name: string, value: string) {
  const expiry = value === '' ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: tests simulate the XSRF-TOKEN cookie the server sets
  document.cookie = `${name}=${value}${expiry}; path=/`;
}
