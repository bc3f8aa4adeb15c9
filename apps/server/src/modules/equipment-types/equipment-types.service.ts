import type { EquipmentTypeRequest } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit, changedFields } from '../audit/audit';
import { equipmentSnapshot } from './equipment-types.presenter';
import { type EquipmentTypeRow, equipmentCatalog, equipmentTypesRepository, type NewEquipmentType } from './equipment-types.repository';

/** The row's values of a request. */
const valuesOf = (body: EquipmentTypeRequest): Omit<NewEquipmentType, 'code'> => ({
  nameEn: body.name_en,
  nameEs: body.name_es,
  maxWeightLb: body.max_weight_lb,
  lengthFt: body.length_ft,
  palletPositions: body.pallet_positions,
  temperatureControlled: body.temperature_controlled,
  deckClearHeightFt: body.deck_clear_height_ft,
  perMileAdjustmentCents: body.per_mile_adjustment_cents,
  sortOrder: body.sort_order,
});

/**
 * Staff's writes of equipment types (super_admin): each with its audit entry in the same
 * transaction. A type is never deleted: quotes and shipments keep its code, so it is retired
 * (offered no more, still named on them) and can be restored; for the same reason its code
 * does not change once created.
 */
export function equipmentTypesService(ctx: AppContext) {
  const catalog = equipmentCatalog(ctx.db, ctx.now);

  async function write(
    actor: AuditActor,
    action: string,
    change: (repo: ReturnType<typeof equipmentTypesRepository>) => Promise<{ before: EquipmentTypeRow | null; after: EquipmentTypeRow }>,
  ) {
    const after = await ctx.db.transaction(async (tx) => {
      const { before, after } = await change(equipmentTypesRepository(tx as Db));
      const record = before
        ? changedFields(equipmentSnapshot(before), equipmentSnapshot(after))
        : { before: null, after: equipmentSnapshot(after) };
      await audit(tx as Db, actor, { action, entityType: 'equipment_type', entityId: after.id, ...record }, ctx.now());
      return after;
    });
    catalog.invalidate();
    return after;
  }

  async function lockedOrMissing(repo: ReturnType<typeof equipmentTypesRepository>, id: string) {
    const row = await repo.locked(id);
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    list: () => equipmentTypesRepository(ctx.db).all(),
    /** Names by code (retired types too) in a language: what a quote or shipment shows for its code. */
    namesIn: (language: Language) => catalog.namesIn(language),

    create: (actor: AuditActor, body: EquipmentTypeRequest) =>
      write(actor, 'equipment_type.create', async (repo) => {
        const taken = () => AppError.field('code', 'validation.equipment_code_taken');
        if (await repo.codeTaken(body.code)) throw taken();
        const now = ctx.now();
        // The unique index settles two creates of one code at once: the second inserts nothing.
        const after = await repo.insert({ code: body.code, ...valuesOf(body), createdAt: now, updatedAt: now });
        if (!after) throw taken();
        return { before: null, after };
      }),

    update: (actor: AuditActor, id: string, body: EquipmentTypeRequest) =>
      write(actor, 'equipment_type.update', async (repo) => {
        const before = await lockedOrMissing(repo, id);
        if (body.code !== before.code) throw AppError.field('code', 'validation.equipment_code_fixed');
        const after = await repo.update(id, { ...valuesOf(body), updatedAt: ctx.now() });
        return { before, after };
      }),

    retire: (actor: AuditActor, id: string) =>
      write(actor, 'equipment_type.retire', async (repo) => {
        const before = await lockedOrMissing(repo, id);
        if (before.retiredAt) throw new AppError(409, 'conflict', 'errors.equipment_type_retired');
        const now = ctx.now();
        return { before, after: await repo.update(id, { retiredAt: now, updatedAt: now }) };
      }),

    restore: (actor: AuditActor, id: string) =>
      write(actor, 'equipment_type.restore', async (repo) => {
        const before = await lockedOrMissing(repo, id);
        if (!before.retiredAt) throw new AppError(409, 'conflict', 'errors.equipment_type_active');
        return { before, after: await repo.update(id, { retiredAt: null, updatedAt: ctx.now() }) };
      }),

    /** The types a signed-in user's truckload form offers. */
    active: () => catalog.active(),
  };
}

export { equipmentCatalog, specOf } from './equipment-types.repository';
