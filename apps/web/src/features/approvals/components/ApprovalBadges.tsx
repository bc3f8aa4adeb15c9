import type { ApprovalStatus, BookingApproval } from '@freight/contracts';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<ApprovalStatus, string> = { pending: 'orange', approved: 'green', declined: 'red', withdrawn: 'gray' };

/** Where a held booking stands; the colour repeats the word, never replaces it. */
export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`approvals.statuses.${status}`)}
    </Badge>
  );
}

/** Why the booking waits, one badge per reason. */
export function ApprovalReasons({ approval }: { approval: Pick<BookingApproval, 'reasons'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {approval.reasons.map((r) => (
        <Badge key={r} variant="outline" color="gray" tt="none">
          {t(`approvals.reasons.${r}`)}
        </Badge>
      ))}
    </Group>
  );
}
