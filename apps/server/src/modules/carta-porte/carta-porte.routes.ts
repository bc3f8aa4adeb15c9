import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerCartaPorteRuntime } from './carta-porte.service';
import { type Certifier, NO_CERTIFIER, swCertifier } from './pac.client';
import { pacSimulator } from './pac.simulator';

/** Where the embedded default mounts the certifier's simulator. */
export const PAC_SIMULATOR_PREFIX = '/pac-sim';

/** The simulator's user and password where none are configured, derived from APP_KEY (each install has its own). */
function simulatorCredentials(appKey: string) {
  const part = (name: string) => createHmac('sha256', appKey).update(`pac-simulator:${name}`).digest('hex').slice(0, 32);
  return { user: `demo-${part('user').slice(0, 12)}`, password: part('password') };
}

/**
 * The Carta Porte's certifier as the configuration names it: the certifier at PAC_URL, or the
 * simulator mounted here at /pac-sim (the embedded default), or none (production without one:
 * a download then says the Carta Porte cannot be stamped, and nothing else stops).
 */
export async function cartaPorteRoutes(app: FastifyInstance, ctx: AppContext) {
  const c = ctx.config;
  const issuer = { rfc: c.CFDI_ISSUER_RFC, name: c.CFDI_ISSUER_NAME, regime: c.CFDI_ISSUER_REGIME, postalCode: c.CFDI_ISSUER_POSTAL_CODE };
  let certifier: Certifier = NO_CERTIFIER;
  if (c.certifier === 'pac' && c.PAC_URL && c.PAC_USER && c.PAC_PASSWORD) {
    certifier = swCertifier({ url: c.PAC_URL, user: c.PAC_USER, password: c.PAC_PASSWORD, now: ctx.now });
  } else if (c.certifier === 'simulator') {
    const credentials = simulatorCredentials(ctx.appKey);
    await app.register((scope) => pacSimulator(scope, { ...credentials, issuerRfc: issuer.rfc, now: ctx.now }), {
      prefix: PAC_SIMULATOR_PREFIX,
    });
    certifier = swCertifier({ url: `${c.appUrl}${PAC_SIMULATOR_PREFIX}`, ...credentials, now: ctx.now });
  }
  registerCartaPorteRuntime(ctx, { certifier, issuer, warn: (facts, message) => app.log.warn(facts, message) });
}
