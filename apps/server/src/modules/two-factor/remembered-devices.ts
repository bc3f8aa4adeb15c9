import { isStaff } from '@freight/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { hmac, randomToken } from '../../security/tokens';
import type { UserRow } from '../users/users.service';
import { rememberedDevicesRepository } from './remembered-devices.repository';

/** How long a remembered browser signs in with the password alone. */
export const REMEMBER_DEVICE_DAYS = 30;
export const REMEMBERED_DEVICE_COOKIE = 'freight_portal_device';
/** Only the password step reads the cookie: no other request carries it. */
const COOKIE_PATH = '/login';

/**
 * "Remember this device": a customer who passed the second step may skip it on this browser for
 * 30 days. Staff never may: their accounts open every shipper's data, so each sign-in asks.
 * The browser holds a random token in an HttpOnly cookie; the database keeps only its keyed hash.
 */
export function rememberedDevices(ctx: AppContext) {
  const repo = rememberedDevicesRepository(ctx.db);
  const hashOf = (token: string) => hmac(ctx.appKey, `remembered-device:${token}`);
  const offeredTo = (user: Pick<UserRow, 'roles'>) => !isStaff(user.roles);

  return {
    offeredTo,

    /** Whether this browser was remembered for this user and still is; a token of anyone else counts for nothing. */
    async recognises(request: FastifyRequest, user: UserRow) {
      const token = request.cookies[REMEMBERED_DEVICE_COOKIE];
      if (!token || token.length > 200 || !offeredTo(user)) return false;
      return repo.use(user.id, hashOf(token), ctx.now());
    },

    /** Remembers this browser for the user (a customer); nothing for staff. */
    async remember(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
      if (!offeredTo(user)) return;
      const token = randomToken();
      const now = ctx.now();
      await repo.add({
        userId: user.id,
        tokenHash: hashOf(token),
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        expiresAt: new Date(now.getTime() + REMEMBER_DEVICE_DAYS * 24 * 3600_000),
        now,
      });
      reply.setCookie(REMEMBERED_DEVICE_COOKIE, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.secureCookies,
        maxAge: REMEMBER_DEVICE_DAYS * 24 * 3600,
      });
    },
  };
}
