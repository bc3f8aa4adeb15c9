import type { TrackingKeyRotated, TrackingKeyState } from '@freight/contracts';
import { TRACKING_KEY_GRACE_DAYS } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { carriers } from '../../db/schema';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { adminPage } from '../../plugins/guards';
import { randomToken } from '../../security/tokens';
import { audit, auditActor } from '../audit/audit';
import { trackingKeysRepository } from './tracking-keys.repository';

const ROTATE_ACTION = 'carrier.tracking_key.rotate';

const idParams = z.object({ id: z.string().max(64) });

type KeyColumns = Pick<typeof carriers.$inferSelect, 'trackingSecret' | 'trackingSecretPreviousUntil'>;

/** The key's state as staff see it (never the key); `now` decides whether the old key still counts. */
function keyState(c: KeyColumns, rotatedAt: Date | null, now: Date): TrackingKeyState {
  const until = c.trackingSecretPreviousUntil;
  return {
    has_key: Boolean(c.trackingSecret),
    rotated_at: rotatedAt?.toISOString() ?? null,
    previous_valid_until: until && until > now ? until.toISOString() : null,
  };
}

/**
 * A carrier's tracking-event signing key, super_admin only (the carriers page's door):
 * - GET /api/admin/carriers/:id/tracking-key: whether it has one, when it was last rotated, until
 *   when the previous one is still accepted;
 * - POST /api/admin/carriers/:id/tracking-key: a new key, answered this once (the portal keeps
 *   it for checking, staff hand it to the carrier); the old one signs on for
 *   TRACKING_KEY_GRACE_DAYS. Audited without either key.
 */
export async function trackingKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('carriers') };

  /** When the key was last rotated: the audit log's word (the carriers table keeps no date of its own). */
  const rotatedAt = (db: Db, carrierId: string) => trackingKeysRepository(db).lastAudited(carrierId, ROTATE_ACTION);

  async function carrierOf(db: Db, id: string, lock = false) {
    if (!isUuid(id)) throw AppError.notFound();
    const row = await trackingKeysRepository(db).carrier(id, lock);
    if (!row) throw AppError.notFound();
    return row;
  }

  r.get('/api/admin/carriers/:id/tracking-key', { ...door, schema: { params: idParams } }, async (request) => {
    const carrier = await carrierOf(ctx.db, request.params.id);
    return { data: keyState(carrier, await rotatedAt(ctx.db, carrier.id), ctx.now()) };
  });

  r.post('/api/admin/carriers/:id/tracking-key', { ...door, schema: { params: idParams } }, async (request, reply) => {
    const actor = auditActor(request);
    const now = ctx.now();
    const data = await ctx.db.transaction(async (tx) => {
      const before = await carrierOf(tx as Db, request.params.id, true);
      const key = randomToken(32);
      // The old key (if any) keeps signing for the grace period; a key still in its grace period
      // from an earlier rotation is dropped: only the one just replaced is honoured.
      const until = before.trackingSecret ? new Date(now.getTime() + TRACKING_KEY_GRACE_DAYS * 86_400_000) : null;
      await trackingKeysRepository(tx as Db).setKey(before.id, { key, previous: before.trackingSecret, previousUntil: until }, now);
      const after = keyState({ trackingSecret: key, trackingSecretPreviousUntil: until }, now, now);
      const previous = await rotatedAt(tx as Db, before.id);
      await audit(
        tx as Db,
        actor,
        {
          action: ROTATE_ACTION,
          entityType: 'carrier',
          entityId: before.id,
          before: { ...keyState(before, previous, now), scac: before.scac },
          after: { ...after, scac: before.scac },
        },
        now,
      );
      return { ...after, key } satisfies TrackingKeyRotated;
    });
    return reply.code(201).header('cache-control', 'no-store').send({ data });
  });
}
