import type { Language } from '@freight/domain';
import type { EquipmentSpec } from '@freight/domain/rating';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equipmentTypes } from '../../db/schema';

export type EquipmentTypeRow = typeof equipmentTypes.$inferSelect;
export type NewEquipmentType = Omit<typeof equipmentTypes.$inferInsert, 'id'>;

/**
 * How long a process keeps the types it read before asking whether they changed (as carriers,
 * quotes.repository CARRIER_RECHECK_MS): another process's edit reaches this one's quotes within
 * these seconds; this process's own edits are seen at once (`invalidate`).
 */
export const EQUIPMENT_RECHECK_MS = 5_000;

/** The engine's view of a type. */
export const specOf = (row: EquipmentTypeRow): EquipmentSpec => ({
  code: row.code,
  max_weight_lb: row.maxWeightLb,
  length_ft: row.lengthFt,
  pallet_positions: row.palletPositions,
  temperature_controlled: row.temperatureControlled,
  deck_clear_height_ft: row.deckClearHeightFt,
  per_mile_adjustment_cents: row.perMileAdjustmentCents,
});

export interface EquipmentCatalog {
  /** Every type, retired ones included, in the form's order (sort order, then English name). */
  all(): Promise<EquipmentTypeRow[]>;
  /** The types a new quote may use. */
  active(): Promise<EquipmentTypeRow[]>;
  /** A type by code, retired or not (old quotes and shipments name it). */
  byCode(code: string): Promise<EquipmentTypeRow | undefined>;
  /** Forget what was read: this process just wrote a type. */
  invalidate(): void;
  /** Names by code (retired types too) in a language: what a quote or shipment shows for its code. */
  namesIn(language: Language): Promise<(code: string) => string | null>;
}

/** One catalog per database handle, so the staff screen's writes and every quote share it. */
const catalogs = new WeakMap<Db, EquipmentCatalog>();

/**
 * The equipment types as quotes read them. The table is small and read by every truckload quote:
 * its rows are kept in memory and read again only when its version (count and latest
 * `updated_at`) changed, asked at most every EQUIPMENT_RECHECK_MS of the app's clock (the quote
 * service makes the catalog with it when the app starts; a reader without a clock gets that one).
 */
export function equipmentCatalog(db: Db, now: () => Date = () => new Date()): EquipmentCatalog {
  const existing = catalogs.get(db);
  if (existing) return existing;
  let held: { version: string; rows: EquipmentTypeRow[] } | undefined;
  let checked: { at: number; rows: Promise<EquipmentTypeRow[]> } | undefined;

  async function current() {
    const [v] = await db.select({ n: count(), latest: sql<string>`max(${equipmentTypes.updatedAt})::text` }).from(equipmentTypes);
    const version = `${v?.n ?? 0}|${v?.latest ?? ''}`;
    if (held?.version === version) return held.rows;
    const rows = await db.select().from(equipmentTypes).orderBy(asc(equipmentTypes.sortOrder), asc(equipmentTypes.nameEn));
    held = { version, rows };
    return rows;
  }

  function all() {
    const at = now().getTime();
    if (!checked || at - checked.at > EQUIPMENT_RECHECK_MS) {
      const rows = current();
      const entry = { at, rows };
      checked = entry;
      rows.catch(() => {
        if (checked === entry) checked = undefined; // a failed read is not kept
      });
    }
    return checked.rows;
  }

  const catalog: EquipmentCatalog = {
    all,
    active: async () => (await all()).filter((t) => t.retiredAt === null),
    byCode: async (code) => (await all()).find((t) => t.code === code),
    async namesIn(language) {
      const names = new Map((await all()).map((t) => [t.code, language === 'es' ? t.nameEs : t.nameEn]));
      return (code) => names.get(code) ?? null;
    },
    invalidate() {
      held = undefined;
      checked = undefined;
    },
  };
  catalogs.set(db, catalog);
  return catalog;
}

/** The staff screen's reads and writes (always inside the write's transaction for writes). */
export function equipmentTypesRepository(db: Db) {
  return {
    /** Every type, retired ones included, as the staff list shows them. */
    all: () => db.select().from(equipmentTypes).orderBy(asc(equipmentTypes.sortOrder), asc(equipmentTypes.nameEn)),
    async find(id: string) {
      const [row] = await db.select().from(equipmentTypes).where(eq(equipmentTypes.id, id));
      return row;
    },
    async locked(id: string) {
      const [row] = await db.select().from(equipmentTypes).where(eq(equipmentTypes.id, id)).for('update');
      return row;
    },
    async codeTaken(code: string, exceptId?: string) {
      const [row] = await db.select({ id: equipmentTypes.id }).from(equipmentTypes).where(eq(equipmentTypes.code, code));
      return row !== undefined && row.id !== exceptId;
    },
    async insert(values: NewEquipmentType) {
      const [row] = await db.insert(equipmentTypes).values(values).onConflictDoNothing().returning();
      return row;
    },
    async update(id: string, values: Partial<NewEquipmentType>) {
      const [row] = await db.update(equipmentTypes).set(values).where(eq(equipmentTypes.id, id)).returning();
      return row!;
    },
  };
}
