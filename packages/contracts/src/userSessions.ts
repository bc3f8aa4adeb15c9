import { z } from 'zod';

/**
 * A session's id as its owner sees it: derived from the stored one (which is the hash of the
 * cookie's token and never leaves the server), so it names the session without opening it.
 */
export const USER_SESSION_ID_LENGTH = 22;

/** DELETE /api/user/sessions/:id */
export const userSessionParams = z.object({ id: z.string().max(64) });

/** Where an address is, as the lookup service named it; any part may be missing. */
export const userSessionPlace = z.strictObject({
  city: z.string().nullable(),
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2, worded in the reader's language by the screen. */
  country: z.string().nullable(),
});
export type UserSessionPlace = z.infer<typeof userSessionPlace>;

/** One of the user's signed-in sessions (`data` of GET /api/user/sessions). */
export const userSession = z.strictObject({
  id: z.string(),
  /** Browser and major version ("Chrome 131"); null when the user agent says nothing we know. */
  browser: z.string().nullable(),
  /** The device for phones and tablets ("iPhone"), else the operating system ("macOS"). */
  device: z.string().nullable(),
  /** The address the session signed in from; null for sessions older than the record of it. */
  ip: z.string().nullable(),
  /** Loopback or private: never looked up, shown as the local network. */
  local_network: z.boolean(),
  /** Null when unknown: a local address, no lookup service, or a lookup that failed or was slow. */
  place: userSessionPlace.nullable(),
  created_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;

/** DELETE /api/user/sessions (`data`): how many other sessions were signed out. */
export const endedSessions = z.strictObject({ ended: z.number().int() });
export type EndedSessions = z.output<typeof endedSessions>;
