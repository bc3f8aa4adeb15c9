import type { EquipmentOption, EquipmentTypeView } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { EquipmentTypeRow } from './equipment-types.repository';

/** A type as staff edit it. */
export function presentEquipmentType(row: EquipmentTypeRow): EquipmentTypeView {
  return {
    id: row.id,
    code: row.code,
    name_en: row.nameEn,
    name_es: row.nameEs,
    max_weight_lb: row.maxWeightLb,
    length_ft: row.lengthFt,
    pallet_positions: row.palletPositions,
    temperature_controlled: row.temperatureControlled,
    deck_clear_height_ft: row.deckClearHeightFt,
    per_mile_adjustment_cents: row.perMileAdjustmentCents,
    sort_order: row.sortOrder,
    retired_at: row.retiredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A type as the truckload form offers it (no prices: the adjustment is the carriers' business). */
export function presentEquipmentOption(row: EquipmentTypeRow, language: Language): EquipmentOption {
  return {
    code: row.code,
    name: language === 'es' ? row.nameEs : row.nameEn,
    max_weight_lb: row.maxWeightLb,
    length_ft: row.lengthFt,
    pallet_positions: row.palletPositions,
    temperature_controlled: row.temperatureControlled,
    deck_clear_height_ft: row.deckClearHeightFt,
    online: row.perMileAdjustmentCents !== null,
  };
}

/** What the audit log keeps of a type. */
export function equipmentSnapshot(row: EquipmentTypeRow): Record<string, unknown> {
  const { id: _id, created_at: _created, updated_at: _updated, ...rest } = presentEquipmentType(row);
  return rest;
}
