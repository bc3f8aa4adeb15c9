import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions';
import { ALERTS_UNREAD_KEY, getUnreadCount } from '../api/alertsApi';

/**
 * How many of the caller's alerts are unread: for whoever reads the account's shipments (anyone
 * else asks nothing). Asked every five minutes; the Alerts page sets it from each list it reads
 * and from every read mark.
 */
export function useUnreadAlerts(): number {
  const reads = useCan('shipments.view');
  const query = useQuery({
    queryKey: ALERTS_UNREAD_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: reads,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  return reads ? (query.data?.unread_count ?? 0) : 0;
}

/** The navigation's count on Alerts: the number shown, and said in words after the link's own name. */
export function UnreadAlertsBadge() {
  const { t } = useTranslation();
  const count = useUnreadAlerts();
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" color="red" aria-hidden data-testid="alerts-badge">
        {count}
      </Badge>
      <VisuallyHidden>{t('alerts.unread_count', { count })}</VisuallyHidden>
    </>
  );
}
