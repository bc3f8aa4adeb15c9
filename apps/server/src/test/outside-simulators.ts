import { PAC_SIMULATOR_PREFIX } from '../modules/carta-porte/carta-porte.routes';
import { EBAY_SIMULATOR_PREFIX } from '../modules/ebay/ebay.routes';
import { STRIPE_SIMULATOR_PREFIX } from '../modules/payments/stripe.routes';
import { TWILIO_SIMULATOR_PREFIX } from '../modules/sms/sms.routes';
import { OIDC_SIMULATOR_PREFIX } from '../modules/sso/sso.routes';
import { GEO_SIMULATOR_PREFIX } from '../modules/user-sessions/user-sessions.routes';
import { DEMO_RECEIVER_PREFIX } from '../modules/webhooks/webhooks.routes';

/**
 * Where the app mounts its stand-ins for someone else's server (eBay, identity provider, Stripe,
 * Twilio, the certifier, the place lookup, a partner's webhook receiver; never in production).
 * They answer in their own protocol, with their own authentication and error shapes, so the
 * walkers judge them only by "no 5xx". One list, so a new simulator is added once.
 */
export const SIMULATOR_PREFIXES = [
  EBAY_SIMULATOR_PREFIX,
  OIDC_SIMULATOR_PREFIX,
  STRIPE_SIMULATOR_PREFIX,
  TWILIO_SIMULATOR_PREFIX,
  PAC_SIMULATOR_PREFIX,
  GEO_SIMULATOR_PREFIX,
  DEMO_RECEIVER_PREFIX,
] as const;

/** Whether a route's path is one of a simulator's. */
export const isSimulatorPath = (path: string) => SIMULATOR_PREFIXES.some((prefix) => path.startsWith(`${prefix}/`));
