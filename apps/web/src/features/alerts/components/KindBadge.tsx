import type { AlertKind } from '@freight/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A colour per kind so a list reads at a glance; the words always say the kind too. */
const KIND_COLOR: Record<AlertKind, string> = {
  no_pickup: 'yellow',
  stalled: 'grape',
  window_slipping: 'indigo',
  delivered_with_exceptions: 'orange',
  action_required: 'red',
};

export function KindBadge({ kind }: { kind: AlertKind }) {
  const { t } = useTranslation();
  return (
    <Badge color={KIND_COLOR[kind]} variant="light" style={{ textTransform: 'none' }}>
      {t(`alerts.kinds.${kind}`)}
    </Badge>
  );
}
