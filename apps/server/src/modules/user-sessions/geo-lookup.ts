import type { UserSessionPlace } from '@freight/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { addressKind, plainAddress } from './ip-address';

/**
 * Where an address is, from an outside service. A lookup never throws and never waits longer than
 * its time: an unknown, failing or slow answer is no place (the screen says "Unknown place").
 */
export interface GeoLookup {
  place(ip: string | null | undefined): Promise<UserSessionPlace | null>;
}

export const NO_GEO_LOOKUP: GeoLookup = { place: async () => null };

export interface IpinfoOptions {
  /** The service's root: GET <baseUrl>/<ip>/json answers {ip, city, region, country}. */
  baseUrl: string;
  /** Sent as a bearer token (never in the URL, which logs and proxies keep). */
  token?: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}

/** An answer is kept a day (addresses rarely move); a failure five minutes, so a service that is down is not asked on every list. */
const ANSWER_TTL_MS = 24 * 3600_000;
const FAILURE_TTL_MS = 5 * 60_000;
const FIELD_MAX = 100;

const field = (value: unknown) => {
  if (typeof value !== 'string') return null;
  // Outside words, shown as text: no control characters, a bounded length.
  const text = value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
  return text ? text.slice(0, FIELD_MAX) : null;
};

/** The place in an ipinfo.io-style answer, or none when it names nothing (an unknown or reserved address). */
export function placeOf(body: unknown): UserSessionPlace | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const country = field(b.country);
  const place = {
    city: field(b.city),
    region: field(b.region),
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
  };
  return place.city || place.region || place.country ? place : null;
}

/**
 * The ipinfo.io-style client (the real service, or the simulator of this repository, which speaks
 * the same protocol), with an in-process cache. Only public addresses are ever sent.
 */
export function ipinfoLookup(opts: IpinfoOptions): GeoLookup {
  const doFetch = opts.fetch ?? fetch;
  const root = opts.baseUrl.replace(/\/+$/, '');
  const cache = new LRUCache<string, { place: UserSessionPlace | null }>({ max: 10_000 });
  const pending = new Map<string, Promise<UserSessionPlace | null>>();

  async function ask(ip: string): Promise<UserSessionPlace | null> {
    try {
      const res = await doFetch(`${root}/${encodeURIComponent(ip)}/json`, {
        headers: { accept: 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) {
        await res.body?.cancel();
        opts.log.warn({ status: res.status }, 'place lookup refused');
        cache.set(ip, { place: null }, { ttl: FAILURE_TTL_MS });
        return null;
      }
      const place = placeOf(await res.json());
      cache.set(ip, { place }, { ttl: ANSWER_TTL_MS });
      return place;
    } catch (error) {
      // A timeout or a network failure; the address itself stays out of the log.
      opts.log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'place lookup failed');
      cache.set(ip, { place: null }, { ttl: FAILURE_TTL_MS });
      return null;
    }
  }

  return {
    async place(raw) {
      if (addressKind(raw) !== 'public') return null;
      const ip = plainAddress((raw as string).trim());
      const cached = cache.get(ip);
      if (cached) return cached.place;
      // One question per address at a time, however many lists ask for it.
      let asking = pending.get(ip);
      if (!asking) {
        asking = ask(ip).finally(() => pending.delete(ip));
        pending.set(ip, asking);
      }
      return asking;
    },
  };
}
