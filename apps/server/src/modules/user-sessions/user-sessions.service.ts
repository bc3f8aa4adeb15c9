import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { GeoLookup } from './geo-lookup';
import { presentUserSession, publicSessionId } from './user-sessions.presenter';
import { userSessionsRepository } from './user-sessions.repository';

/**
 * The signed-in user's own sessions: listed with where and on what they signed in, and ended one
 * at a time or all but the one asking (which ends by logging out). Nobody else's, ever: a session
 * is found among the caller's by its public id, and any other id is not found.
 */
export function userSessionsService(ctx: AppContext, geo: GeoLookup) {
  const repo = userSessionsRepository(ctx.db);

  const caller = (request: FastifyRequest) => {
    const userId = request.session?.userId;
    if (!userId || !request.auth) throw AppError.unauthenticated();
    return { userId, sessionId: request.session!.id };
  };

  return {
    async list(request: FastifyRequest) {
      const { userId, sessionId } = caller(request);
      const rows = await repo.signedIn(userId);
      // Lookups run side by side, each within its time limit: a slow service costs one wait, not one per row.
      const places = await Promise.all(rows.map((row) => geo.place(row.ip)));
      return rows.map((row, i) => presentUserSession(row, { current: row.id === sessionId, place: places[i] ?? null }));
    },

    async end(request: FastifyRequest, publicId: string) {
      const { userId, sessionId } = caller(request);
      const row = (await repo.signedIn(userId)).find((r) => publicSessionId(r.id) === publicId);
      if (!row) throw AppError.notFound();
      if (row.id === sessionId) throw new AppError(409, 'conflict', 'errors.current_session');
      await ctx.sessions.endOthers(request, [row.id]);
    },

    async endOthers(request: FastifyRequest) {
      caller(request);
      return { ended: await ctx.sessions.endOthers(request) };
    },
  };
}
