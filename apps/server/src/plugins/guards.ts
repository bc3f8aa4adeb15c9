import {
  type AdminPageKey,
  canManageCredit,
  canOpenAdminPage,
  PASSWORD_CONFIRM_TTL_MINUTES,
  REAUTHENTICATION_TTL_MINUTES,
} from '@freight/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { LoadedUser } from '../modules/users/users.repository';

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

export function adminPage(page: AdminPageKey) {
  return async (request: FastifyRequest) => {
    const auth = verified(request);
    if (!canOpenAdminPage(auth.user.roles, page)) throw AppError.forbidden();
  };
}

/** Accounting staff and the admins (credit terms, holds, disputes); answers the staff user. */
export function creditStaff(request: FastifyRequest): LoadedUser {
  const auth = verified(request);
  if (!canManageCredit(auth.user.roles)) throw AppError.forbidden();
  return auth;
}
export const requireCreditStaff = async (request: FastifyRequest) => void creditStaff(request);

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
