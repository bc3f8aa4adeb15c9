import { type EquipmentSpec, STANDARD_EQUIPMENT } from '@freight/domain/rating';
import type { Db } from './client';
import { equipmentTypes } from './schema';

/** The names of the equipment types the portal started with, as the form named them. */
const NAMES: Record<keyof typeof STANDARD_EQUIPMENT, { en: string; es: string }> = {
  dry_van: { en: 'Dry van', es: 'Caja seca' },
  reefer: { en: 'Reefer', es: 'Caja refrigerada' },
  flatbed: { en: 'Flatbed', es: 'Plataforma' },
  step_deck: { en: 'Step deck', es: 'Plataforma escalonada' },
  rgn: { en: 'Removable gooseneck (RGN)', es: 'Cama baja de cuello desmontable (RGN)' },
};

/**
 * The five truckload equipment types the portal started with (they moved from code into
 * the `equipment_types` table), in the order the form listed them. Codes already present are left
 * as staff made them.
 */
export async function seedEquipmentTypes(tx: Db, now: Date) {
  const specs: EquipmentSpec[] = Object.values(STANDARD_EQUIPMENT);
  await tx
    .insert(equipmentTypes)
    .values(
      specs.map((s, i) => {
        const name = NAMES[s.code as keyof typeof NAMES];
        return {
          code: s.code,
          nameEn: name.en,
          nameEs: name.es,
          maxWeightLb: s.max_weight_lb,
          lengthFt: s.length_ft,
          palletPositions: s.pallet_positions,
          temperatureControlled: s.temperature_controlled,
          deckClearHeightFt: s.deck_clear_height_ft,
          perMileAdjustmentCents: s.per_mile_adjustment_cents,
          sortOrder: (i + 1) * 10,
          createdAt: now,
          updatedAt: now,
        };
      }),
    )
    .onConflictDoNothing();
}
