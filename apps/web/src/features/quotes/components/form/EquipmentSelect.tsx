import type { EquipmentOption } from '@freight/contracts';
import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { humanize } from '../../../../components/shipment/words';
import { useFormat } from '../../../../lib/useFormat';
import { equipmentTypesQuery } from '../../api/equipmentApi';

/** The equipment types a truckload may use, in the page's language (loaded only when `enabled`). */
export function useEquipmentTypes(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...equipmentTypesQuery(i18n.language), enabled });
}

/** What a shipper should know of a type before choosing it: its limits, or that it is quoted by phone. */
function facts(t: TFunction, fmt: ReturnType<typeof useFormat>, e: EquipmentOption, units: string): string {
  if (!e.online) return t('quotes.equipment_help.by_phone');
  // Trailers are measured in feet (metres in metric), not the inches (centimetres) of freight.
  const feet = (ft: number) =>
    units === 'metric'
      ? `${fmt.number(ft * 0.3048, { maximumFractionDigits: 1 })} m`
      : `${fmt.number(ft, { maximumFractionDigits: 1 })} ft`;
  return [
    e.max_weight_lb !== null && t('quotes.equipment_help.max_weight', { weight: fmt.weight(e.max_weight_lb, units) }),
    e.pallet_positions !== null && t('quotes.equipment_help.pallets', { count: e.pallet_positions }),
    e.length_ft !== null && t('quotes.equipment_help.length', { length: feet(e.length_ft) }),
    e.deck_clear_height_ft !== null && t('quotes.equipment_help.deck', { height: feet(e.deck_clear_height_ft) }),
    e.temperature_controlled && t('quotes.equipment_help.temperature'),
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface EquipmentSelectProps {
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  /** The form's unit system: the limits are said in it. */
  units: string;
}

/**
 * The truckload form's equipment type: the active types staff keep (GET /api/equipment-types),
 * with the chosen one's maximum weight, pallet positions, length and temperature control below.
 */
export function EquipmentSelect({ value, onChange, error, units }: EquipmentSelectProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const types = useEquipmentTypes();
  const options = types.data ?? [];
  const chosen = options.find((e) => e.code === value);
  // A quote repeated from history may name a type staff have retired since: shown, not offered.
  const retired = Boolean(value) && types.isSuccess && !chosen;
  const description = types.isPending
    ? t('quotes.equipment_help.loading')
    : types.isError
      ? t('quotes.equipment_help.failed')
      : chosen
        ? facts(t, fmt, chosen, units)
        : undefined;
  return (
    <NativeSelect
      label={t('quotes.form.equipment')}
      withAsterisk
      data={[
        { value: '', label: t('quotes.form.choose'), disabled: true },
        ...options.map((e) => ({ value: e.code, label: e.name })),
        ...(retired ? [{ value, label: humanize(value), disabled: true }] : []),
      ]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={description}
      error={error ?? (retired ? t('quotes.equipment_help.not_offered') : undefined)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
