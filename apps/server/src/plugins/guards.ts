import {
  type AdminPageKey,
  type CustomerPermission,
  canEditPricing,
  canManageCredit,
  canOpenAdminPage,
  canReadPricing,
  customerCan,
  PASSWORD_CONFIRM_TTL_MINUTES,
  REAUTHENTICATION_TTL_MINUTES,
  SUPPORT_PHONE,
} from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { LoadedUser } from '../modules/users/users.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** 'METHOD /path' of every route guarded by a team permission, with it (`indexPermissions`). */
    routePermissions: ReadonlyMap<string, CustomerPermission>;
  }
}

/**
 * Guards run as preValidation hooks, so 401/403 come before any 422 of the body or query.
 * Each returns the caller it vouches for, so handlers do not re-check what a guard already settled.
 */
export function signedIn(request: FastifyRequest): LoadedUser {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

export function verified(request: FastifyRequest): LoadedUser {
  const auth = signedIn(request);
  if (!auth.user.emailVerifiedAt) throw new AppError(403, 'email_unverified', 'errors.email_unverified');
  return auth;
}

/** A verified user of a customer account (staff have none). */
export function customer(request: FastifyRequest) {
  const auth = verified(request);
  if (!auth.account) throw AppError.forbidden();
  return { ...auth, account: auth.account };
}

/**
 * A verified customer user whose team role grants `permission` (403 otherwise), or whose account
 * grants it to the role. The role and the account come with the session, so the check costs no query.
 */
export function customerWith(request: FastifyRequest, permission: CustomerPermission) {
  const auth = customer(request);
  if (!customerCan(auth.user.accountRole, permission, auth.account)) throw AppError.forbidden();
  return auth;
}

/** What a permission's guard carries, so the route table can tell which permission a route needs. */
const PERMISSION = Symbol('team permission');
type PermissionGuard = ((request: FastifyRequest) => Promise<void>) & { [PERMISSION]: CustomerPermission };

/**
 * The hook form of `customerWith` (preValidation, or onRequest where a body must not be read
 * first); `also` checks more of the caller once the role may. The guard names its permission, so
 * a route's guard is the one place that says what the route needs (`indexPermissions`).
 */
export function requirePermission(permission: CustomerPermission, also?: (auth: ReturnType<typeof customer>) => void): PermissionGuard {
  const guard = async (request: FastifyRequest) => {
    const auth = customerWith(request, permission);
    also?.(auth);
  };
  return Object.assign(guard, { [PERMISSION]: permission });
}

/** Route options of a customer endpoint that needs `permission`, with the route's `config` if it has one. */
export function customerRoute<C extends object>(permission: CustomerPermission, config?: C) {
  return { preValidation: requirePermission(permission), ...(config ? { config } : {}) };
}

const permissionOf = (hooks: unknown): CustomerPermission | undefined =>
  [hooks].flat().find((hook): hook is PermissionGuard => typeof hook === 'function' && PERMISSION in hook)?.[PERMISSION];

/**
 * Indexes each route's team permission, read from its guard as the route is registered (install
 * before any route): the map of which role may call what is the routes' own (the role matrix test).
 */
export function indexPermissions(app: FastifyInstance) {
  const index = new Map<string, CustomerPermission>();
  app.decorate('routePermissions', index);
  app.addHook('onRoute', (route) => {
    const permission = permissionOf(route.preValidation) ?? permissionOf(route.onRequest);
    if (!permission) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') index.set(`${method} ${route.url}`, permission);
  });
}

/** An admin page's door, and optionally one more rule of the caller's roles (who suspends, who assigns reps). */
export function adminPage(page: AdminPageKey, rule?: (roles: readonly string[]) => boolean) {
  return async (request: FastifyRequest) => {
    const { roles } = verified(request).user;
    if (!canOpenAdminPage(roles, page) || (rule && !rule(roles))) throw AppError.forbidden();
  };
}

/** Accounting staff and the admins (credit terms, holds, disputes); answers the staff user. */
export function creditStaff(request: FastifyRequest): LoadedUser {
  const auth = verified(request);
  if (!canManageCredit(auth.user.roles)) throw AppError.forbidden();
  return auth;
}
export const requireCreditStaff = async (request: FastifyRequest) => void creditStaff(request);

/** The staff who write customer pricing programs (`canEditPricing`); answers the staff user. */
export function pricingStaff(request: FastifyRequest): LoadedUser {
  const auth = verified(request);
  if (!canEditPricing(auth.user.roles)) throw AppError.forbidden();
  return auth;
}
export const requirePricingStaff = async (request: FastifyRequest) => void pricingStaff(request);
/** The staff who read pricing programs (`canReadPricing`: a sales rep too, whose reads the routes narrow to its accounts). */
export const requirePricingReader = async (request: FastifyRequest) => {
  if (!canReadPricing(verified(request).user.roles)) throw AppError.forbidden();
};

/** Sensitive changes need the password confirmed within the last few hours (423 otherwise). */
export function recentlyConfirmed(request: FastifyRequest, now: Date) {
  const at = request.session?.passwordConfirmedAt;
  if (!at || now.getTime() - at.getTime() > PASSWORD_CONFIRM_TTL_MINUTES * 60_000) {
    throw new AppError(423, 'password_confirmation_required', 'errors.password_confirmation_required');
  }
}

/**
 * Grants of power (staff roles, staff invitations, API credentials, credit terms) need the
 * identity proven again within minutes, whatever the client sends: 423 `reauthentication_required`,
 * which the web answers with the same password dialog as a 423 above.
 */
export function recentlyReauthenticated(request: FastifyRequest, now: Date) {
  const at = request.session?.passwordConfirmedAt;
  if (!at || now.getTime() - at.getTime() > REAUTHENTICATION_TTL_MINUTES * 60_000) {
    throw new AppError(423, 'reauthentication_required', 'errors.reauthentication_required');
  }
}

export const requireSignedIn = async (request: FastifyRequest) => void signedIn(request);
export const requireVerified = async (request: FastifyRequest) => void verified(request);
export const requireCustomer = async (request: FastifyRequest) => void customer(request);

/** A customer who may book, of an account that may ship: on credit hold, 403 `credit_hold` before the body is read. */
export const requireShipper = requirePermission('shipments.book', ({ account }) => {
  if (account.status === 'credit_hold') throw new AppError(403, 'credit_hold', 'errors.credit_hold', { phone: SUPPORT_PHONE.display });
});
