import { userSessionParams } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireSignedIn } from '../../plugins/guards';
import { geoSimulator } from './geo.simulator';
import { type GeoLookup, ipinfoLookup, NO_GEO_LOOKUP } from './geo-lookup';
import { knownDevicesCheck } from './known-devices';
import { userSessionsService } from './user-sessions.service';

/** Where the embedded default mounts the place lookup simulator. */
export const GEO_SIMULATOR_PREFIX = '/geo-sim';

/** The place lookup the configuration names: a service, the simulator (mounted here unless it runs elsewhere), or none. */
async function geoLookupFor(app: FastifyInstance, ctx: AppContext): Promise<GeoLookup> {
  const c = ctx.config;
  if (c.geoLookup === 'off') return NO_GEO_LOOKUP;
  let baseUrl = c.GEO_LOOKUP_URL ?? c.GEO_SIMULATOR_URL;
  if (!baseUrl) {
    baseUrl = `${c.appUrl}${GEO_SIMULATOR_PREFIX}`;
    await app.register(geoSimulator, { prefix: GEO_SIMULATOR_PREFIX });
  }
  return ipinfoLookup({ baseUrl, token: c.GEO_LOOKUP_TOKEN, timeoutMs: c.GEO_LOOKUP_TIMEOUT_MS, log: app.log });
}

/**
 * The signed-in user's own sessions (Settings > Security, customers and staff alike): the list,
 * ending one, ending all others. Also notes the browser of every sign-in and mails the user about
 * one their account was never used from.
 */
export async function userSessionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const geo = await geoLookupFor(app, ctx);
  const service = userSessionsService(ctx, geo);
  ctx.sessions.onSignIn(knownDevicesCheck(ctx, geo));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: requireSignedIn };

  r.get('/api/user/sessions', door, async (request) => ({ data: await service.list(request) }));

  r.delete('/api/user/sessions/:id', { ...door, schema: { params: userSessionParams } }, async (request, reply) => {
    await service.end(request, request.params.id);
    return reply.code(204).send();
  });

  r.delete('/api/user/sessions', door, async (request) => ({ data: await service.endOthers(request) }));
}
