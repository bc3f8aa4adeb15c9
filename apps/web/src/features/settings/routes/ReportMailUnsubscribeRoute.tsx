import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { unsubscribeReportMail } from '../api/reportMailApi';

/**
 * The page of the report mail's "Stop this report" link (no sign-in: the signed token is the
 * credential). It asks for a click rather than stopping on open, so a mail scanner that opens
 * links does not turn the report off.
 */
export function ReportMailUnsubscribeRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const stop = useMutation({ mutationFn: () => unsubscribeReportMail(token) });
  const notFound = !token || (isApiError(stop.error) && stop.error.status === 404);
  return (
    <>
      <PageHeader title={t('settings.report_mail.unsubscribe.title')} />
      <Card withBorder padding="lg">
        <Stack align="flex-start">
          {stop.isSuccess ? (
            <Alert color="green" role="status" w="100%">
              {t('settings.report_mail.unsubscribe.done')}
            </Alert>
          ) : notFound ? (
            <Alert color="yellow" w="100%">
              {t('settings.report_mail.unsubscribe.not_found')}
            </Alert>
          ) : (
            <>
              <Text>{t('settings.report_mail.unsubscribe.intro')}</Text>
              {stop.error && <ErrorAlert error={stop.error} />}
              <Button onClick={() => stop.mutate()} loading={stop.isPending}>
                {t('settings.report_mail.unsubscribe.action')}
              </Button>
            </>
          )}
          {(stop.isSuccess || notFound) && (
            <Button component={Link} to={paths.settings} variant="light">
              {t('settings.report_mail.unsubscribe.settings')}
            </Button>
          )}
        </Stack>
      </Card>
    </>
  );
}
