import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FigureInput } from '../versions/FigureInput';
import type { TariffFormValues } from './tariffForm';

/**
 * A truckload tariff (packages/domain/src/rating/truckload.ts): a dry van's linehaul per mile
 * (each equipment type adds its own per-mile adjustment), fuel per mile from the diesel price,
 * the minimum per load, stop-offs and team service.
 */
export function TruckloadTariffFields({ form }: { form: UseFormReturnType<TariffFormValues> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      <FigureInput form={form} path="tariff.linehaul_cents_per_mile" unit="dollars" label={t('admin.carriers.fields.linehaul')} />
      <FigureInput form={form} path="tariff.fuel_base_price_cents_per_gal" unit="dollars" label={t('admin.carriers.fields.fuel_base')} />
      <FigureInput form={form} path="tariff.mpg" unit="plain" label={t('admin.carriers.fields.mpg')} />
      <FigureInput form={form} path="tariff.minimum_cents" unit="dollars" label={t('admin.carriers.fields.minimum_load')} />
      <FigureInput form={form} path="tariff.stop_off_cents" unit="dollars" label={t('admin.carriers.fields.stop_off')} />
      <FigureInput form={form} path="tariff.team_cents_per_mile" unit="dollars" label={t('admin.carriers.fields.team')} />
      <FigureInput form={form} path="tariff.solo_miles_per_day" unit="plain" decimals={0} label={t('admin.carriers.fields.solo_miles')} />
      <FigureInput form={form} path="tariff.team_miles_per_day" unit="plain" decimals={0} label={t('admin.carriers.fields.team_miles')} />
    </SimpleGrid>
  );
}
