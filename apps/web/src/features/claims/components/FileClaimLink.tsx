import type { ShipmentView } from '@freight/contracts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { claimableAs } from './claimable';

/** A shipment page's "File a claim": for a delivered (or lost) shipment, to whoever may book. */
export function FileClaimLink({ shipment }: { shipment: Pick<ShipmentView, 'id' | 'status' | 'estimated_delivery'> }) {
  const { t } = useTranslation();
  const mayBook = useCan('shipments.book');
  if (!mayBook || !claimableAs(shipment)) return null;
  return (
    <Button variant="default" component={Link} to={paths.fileClaim(shipment.id)}>
      {t('claims.file.action')}
    </Button>
  );
}
