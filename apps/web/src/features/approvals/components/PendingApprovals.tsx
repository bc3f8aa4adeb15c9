import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { APPROVAL_SUMMARY_KEY, getApprovalSummary } from '../api';

/**
 * How many of the account's bookings wait for a decision: an account admin's alone (anyone else
 * asks nothing). The navigation's badge and the home page's notice share the one query, asked
 * again after every decision (it sits under the approvals' key) and every five minutes.
 */
export function usePendingApprovals(): number {
  const decides = useCan('team.manage');
  const summary = useQuery({
    queryKey: APPROVAL_SUMMARY_KEY,
    queryFn: ({ signal }) => getApprovalSummary(signal),
    enabled: decides,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  return decides ? (summary.data?.pending ?? 0) : 0;
}

/** The home page's notice to an account admin: bookings wait for them, with the way to Approvals. */
export function PendingApprovalsNotice() {
  const { t } = useTranslation();
  const count = usePendingApprovals();
  if (count === 0) return null;
  return (
    <Alert color="orange" variant="light" role="status" mb="md" data-testid="pending-approvals-notice">
      <Text size="sm">
        {t('pending_approvals.count', { count })}{' '}
        <Anchor component={Link} to={paths.approvals} inherit>
          {t('pending_approvals.open', { count })}
        </Anchor>
      </Text>
    </Alert>
  );
}
