import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api';
import { useAuthUser } from '../../../lib/auth';
import { openApprovalLink } from '../api';
import { ApprovalDetail } from '../components/ApprovalDetail';
import { ApprovalsList } from '../components/ApprovalsList';

/** /approvals: the account's held bookings for an admin, one's own for anyone else. */
export function ApprovalsRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const decides = user?.account?.permissions.includes('team.manage') ?? false;
  return (
    <>
      <PageHeader title={t('approvals.title')} />
      <Text mb="md">{t(decides ? 'approvals.intro_admin' : 'approvals.intro_own')}</Text>
      <ApprovalsList />
    </>
  );
}

/** /approvals/:id: one held booking, decided here. */
export function ApprovalDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title={t('approvals.title')} />
      <ApprovalDetail id={id} />
    </>
  );
}

/**
 * /approvals/link/:token: a mailed Approve or Decline link, opened after sign-in. The link is
 * spent once here, and leads to the booking with the decision asked, never decided by itself.
 */
export function ApprovalLinkRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // Once per link, even when the effect runs twice (development): a second call would find it spent.
    if (started.current) return;
    started.current = true;
    openApprovalLink(token).then(
      ({ data }) => void navigate(`/approvals/${data.approval_id}?action=${data.action}`, { replace: true }),
      (e: unknown) => setFailure(isApiError(e) ? e.message : t('approvals.link.failed')),
    );
  }, [token, navigate, t]);
  return (
    <>
      <PageHeader title={t('approvals.link.title')} />
      {failure ? (
        <Stack align="flex-start">
          <Alert color="red" role="alert">
            {failure}
          </Alert>
          <Anchor component={Link} to="/approvals">
            {t('approvals.back')}
          </Anchor>
        </Stack>
      ) : (
        <Stack align="flex-start">
          <Loader size="sm" aria-hidden />
          <Text role="status">{t('approvals.link.opening')}</Text>
        </Stack>
      )}
    </>
  );
}
