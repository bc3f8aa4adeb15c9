import type { ShipmentStatus } from '@freight/domain';
import { Badge, type BadgeProps, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Badges in narrow table cells show their whole label instead of an ellipsis. */
export const WHOLE_LABEL = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** The colour of each tracking status. */
export const STATUS_COLORS: Record<ShipmentStatus, string> = {
  pending: 'gray',
  dispatched: 'blue',
  in_transit: 'indigo',
  delayed: 'orange',
  delivered: 'green',
  canceled: 'red',
};

/**
 * A shipment's status (Pending, Dispatched, In-Transit, Delayed, Delivered, Canceled) and, when the
 * carrier reported an attempted, refused or damaged delivery, the 'Action Required' flag beside it.
 */
export function StatusBadge({
  status,
  actionRequired = false,
  size = 'md',
}: {
  status: ShipmentStatus;
  actionRequired?: boolean;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation();
  const badge = (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size} styles={WHOLE_LABEL}>
      {t(`tracking.status.${status}`)}
    </Badge>
  );
  if (!actionRequired) return badge;
  return (
    <Group gap={4} wrap="wrap">
      {badge}
      <ActionRequiredBadge size={size} />
    </Group>
  );
}

/** The 'Action Required' flag on its own. */
export function ActionRequiredBadge({ size = 'md' }: { size?: BadgeProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="filled" size={size} title={t('tracking_ui.action_required_hint')} styles={WHOLE_LABEL}>
      {t('tracking.action_required')}
    </Badge>
  );
}
