import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../../../components/tracking/StatusBadge';

/** A partner's status: active, or suspended (its credentials refused). */
export function PartnerStatusBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="light" styles={WHOLE_LABEL}>
      {t(`admin.partners.status.${status}`)}
    </Badge>
  );
}
