import type { IncidentKind, IncidentState } from '@freight/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../../../components/tracking/StatusBadge';

/** Failures of a carrier's API in orange; what a carrier sent that the portal could not place in grape; eBay's in blue. */
const KIND_COLORS: Record<IncidentKind, string> = {
  carrier_error: 'orange',
  carrier_timeout: 'orange',
  bad_signature: 'red',
  unknown_shipment: 'grape',
  rejected_event: 'grape',
  unknown_scac: 'grape',
  marketplace_error: 'blue',
};

export function IncidentKindBadge({ kind }: { kind: IncidentKind }) {
  const { t } = useTranslation();
  return (
    <Badge color={KIND_COLORS[kind] ?? 'gray'} variant="light" size="sm" styles={WHOLE_LABEL}>
      {t(`admin.incidents.kinds.${kind}`)}
    </Badge>
  );
}

export function IncidentStateBadge({ state }: { state: IncidentState }) {
  const { t } = useTranslation();
  return (
    <Badge color={state === 'open' ? 'red' : 'green'} variant={state === 'open' ? 'filled' : 'light'} size="sm" styles={WHOLE_LABEL}>
      {t(`admin.incidents.states.${state}`)}
    </Badge>
  );
}
