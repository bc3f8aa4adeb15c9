import type { DeliveryWindowView } from '@freight/contracts';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ShipmentFact } from './ShipmentFacts';

/**
 * A shipment on its way: its expected delivery fact when its carrier's lane has a learned window
 * ("usually by Friday, Tuesday at the latest", and how many deliveries it was learned from);
 * null when the window is only the carrier's promise, which the estimated delivery already says.
 */
export function deliveryWindowFact(
  t: TFunction,
  date: (iso: string) => string,
  w: DeliveryWindowView | null | undefined,
): ShipmentFact | null {
  if (w?.source !== 'history') return null;
  return {
    label: t('tracking_ui.window.label'),
    value: (
      <>
        <span data-testid="delivery-window">
          {t('tracking_ui.window.value', { typical: date(w.typical_date), late: date(w.late_date) })}
        </span>
        <Text component="span" display="block" size="xs" c="dimmed">
          {t('tracking_ui.window.sample', { count: w.sample })}
        </Text>
      </>
    ),
  };
}
