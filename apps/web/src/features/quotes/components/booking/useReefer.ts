import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { equipmentTypesQuery } from '../../api/equipmentApi';
import type { Quote } from '../../api/quotesApi';

/** Whether a truckload quote's equipment is temperature controlled (the booking then asks for its temperature). */
export function useReefer(quote: Quote): boolean {
  const { i18n } = useTranslation();
  const equipment = useQuery({ ...equipmentTypesQuery(i18n.language), enabled: quote.mode === 'truckload' });
  return equipment.data?.find((e) => e.code === quote.inputs.equipment_type)?.temperature_controlled === true;
}
