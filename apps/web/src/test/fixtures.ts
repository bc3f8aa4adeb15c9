import type { CurrentUser, PaymentMethodView, PaymentProcessorView } from '@freight/contracts';
import { CUSTOMER_PERMISSIONS, DEFAULT_SETTINGS, type Role } from '@freight/domain';

/** A customer's account: a user without roles is a customer and has one; a user with provider roles has none unless given. */
export const TEST_ACCOUNT: NonNullable<CurrentUser['account']> = {
  id: 'acc',
  name: 'Acme',
  status: 'active',
  payment_terms: 'credit',
  billing_address: null,
  account_address: null,
  role: 'account_admin',
  permissions: [...CUSTOMER_PERMISSIONS],
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

/** A user of the customer account `name` (id a1), holding `roles` beside it (none: a customer only). */
export function makeAccountUser(name: string, roles: Role[] = []): CurrentUser {
  return makeUser(roles, { account: { ...TEST_ACCOUNT, id: 'a1', name } });
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

/** The processor the portal names to the browser in tests: the simulator at a made-up address. */
export const TEST_PROCESSOR: PaymentProcessorView = { publishable_key: 'pk_test_web', api_url: 'http://processor.test/stripe-sim' };

/** A method saved to the account: the default Visa ending in 4242 unless told otherwise. */
export const savedMethod = (over: Partial<PaymentMethodView> = {}): PaymentMethodView => ({
  id: 'm1',
  ref: 'pm_saved_visa',
  type: 'card',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  bank_name: null,
  is_default: true,
  verification: 'verified',
  microdeposits_arrive_at: null,
  verify_attempts_left: null,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});

/** A stubbed route's answers in turn; the last one repeats. */
export const sequence = (...answers: (() => Response)[]) => {
  let n = 0;
  return () => (answers[Math.min(n++, answers.length - 1)] as () => Response)();
};
