import type { UserSessionPlace } from '@freight/contracts';
import { isStaff, type Language } from '@freight/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { newDeviceMail } from '../../mail/session-mails';
import type { SignInListener } from '../../plugins/session';
import { hmac, randomToken } from '../../security/tokens';
import type { GeoLookup } from './geo-lookup';
import { plainAddress } from './ip-address';
import { describeUserAgent } from './user-agent';
import { userSessionsRepository } from './user-sessions.repository';

/** The browser's own mark, kept across sign-ins and sign-outs: only its keyed hash is stored. */
export const KNOWN_DEVICE_COOKIE = 'freight_portal_browser';
/** Browsers keep a cookie at most 400 days; each sign-in sets it again, so a browser in use stays known. */
const COOKIE_DAYS = 400;
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** "Chicago, Illinois, United States" in the reader's language; null when nothing is known. */
export function placeWords(language: Language, place: UserSessionPlace | null) {
  if (!place) return null;
  let country = place.country;
  if (country) {
    try {
      country = new Intl.DisplayNames(language === 'es' ? 'es-MX' : 'en-US', { type: 'region' }).of(country) ?? country;
    } catch {
      // An unknown code stays as it came.
    }
  }
  const words = [place.city, place.region, country].filter(Boolean).join(', ');
  return words || null;
}

/**
 * At every completed sign-in: the browser is known by a long-lived random cookie (set when
 * missing). A browser the user never signed in from, when they had signed in from another
 * before, is worth a mail; the first browser ever is recorded silently. The record is one
 * statement; the mail (and the place it names) is background work the sign-in never waits for.
 */
export function knownDevicesCheck(ctx: AppContext, geo: GeoLookup): SignInListener {
  const repo = userSessionsRepository(ctx.db);
  const hashOf = (token: string) => hmac(ctx.appKey, `known-device:${token}`);

  const deviceToken = (request: FastifyRequest, reply: FastifyReply) => {
    const sent = request.cookies[KNOWN_DEVICE_COOKIE];
    const token = sent && TOKEN.test(sent) ? sent : randomToken();
    reply.setCookie(KNOWN_DEVICE_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      maxAge: COOKIE_DAYS * 24 * 3600,
    });
    return token;
  };

  return async (request, reply, { user, settings }) => {
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    const at = ctx.now();
    const seen = await repo.seeDevice({ userId: user.id, deviceHash: hashOf(deviceToken(request, reply)), userAgent, now: at });
    if (!seen.isNew || !seen.knewOthers) return;
    const language = settings.language as Language;
    const ip = request.ip ? plainAddress(request.ip) : null;
    const { browser, device } = describeUserAgent(userAgent);
    const url = `${ctx.config.appUrl}${isStaff(user.roles) ? '/admin/security' : '/settings/security'}`;
    ctx.background.run('new-device-mail', async () => {
      const place = placeWords(language, await geo.place(ip));
      await ctx.mailer.send(newDeviceMail(language, user.email, { name: user.firstName, browser, device, ip, place, at, url }));
    });
  };
}
