import type { EquipmentOption } from '@freight/contracts';

/** Test data: the equipment types of GET /api/equipment-types as the seed has them, in English. */
export const EQUIPMENT_OPTIONS: EquipmentOption[] = [
  {
    code: 'dry_van',
    name: 'Dry van',
    max_weight_lb: 45_000,
    length_ft: 53,
    pallet_positions: 26,
    temperature_controlled: false,
    deck_clear_height_ft: null,
    online: true,
  },
  {
    code: 'reefer',
    name: 'Reefer',
    max_weight_lb: 43_500,
    length_ft: 53,
    pallet_positions: 26,
    temperature_controlled: true,
    deck_clear_height_ft: null,
    online: true,
  },
  {
    code: 'step_deck',
    name: 'Step deck',
    max_weight_lb: 48_000,
    length_ft: 53,
    pallet_positions: null,
    temperature_controlled: false,
    deck_clear_height_ft: 10,
    online: true,
  },
  {
    code: 'rgn',
    name: 'Removable gooseneck (RGN)',
    max_weight_lb: null,
    length_ft: null,
    pallet_positions: null,
    temperature_controlled: false,
    deck_clear_height_ft: null,
    online: false,
  },
];
