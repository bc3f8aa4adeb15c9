import { SUPPORT_PHONE } from '@freight/domain';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ContactSupportButton } from '../../../../components/support/SupportDialog';
import type { ApiError } from '../../../../lib/api';
import { paths } from '../../../../lib/paths';

/** A failure that is neither a field error nor one with its own dialog: technical (5xx, network) or the server's word. */
function isTechnical(e: ApiError) {
  return e.status === 0 || e.status >= 500 || e.code === 'booking_failed';
}

/** A booking that failed for a reason other than its fields. */
export function BookingFailure({ error, onChangeRate }: { error: ApiError; onChangeRate: () => void }) {
  const { t } = useTranslation();
  if (error.code === 'credit_hold') {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between" gap="xs">
          <span>{error.body.message ? error.message : t('errors.credit_hold', { phone: SUPPORT_PHONE.display })}</span>
          <ContactSupportButton variant="white" color="red" />
        </Group>
      </Alert>
    );
  }
  if (error.code === 'email_unverified') {
    return (
      <Alert color="yellow" role="alert">
        <Group gap="sm" justify="space-between">
          <Text size="sm">{t('quotes.booking.email_unverified')}</Text>
          <Button component={Link} to={paths.verifyEmail} size="xs">
            {t('quotes.booking.verify_email')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (error.code === 'quote_expired') {
    // Not a failure: the Book step rates the shipment again (QuoteWorkspace) and shows today's rates.
    return (
      <Alert color="blue" role="status" data-testid="quote-expired">
        <Group gap="sm" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm">{error.body.message ? error.message : t('errors.quote_expired')}</Text>
        </Group>
      </Alert>
    );
  }
  if (error.code === 'conflict' || error.status === 409) {
    return (
      <Alert color="red" role="alert" title={t('quotes.booking.conflict_title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Group gap="sm">
            <Button size="xs" variant="white" color="red" onClick={onChangeRate}>
              {t('quotes.booking.rate.change')}
            </Button>
            <Button size="xs" variant="white" color="red" component={Link} to={paths.myShipments}>
              {t('quotes.confirmation.my_shipments')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (isTechnical(error)) {
    // The server's message names the phone; without one (a proxy's 502, no network) it is built here.
    const message =
      error.code === 'booking_failed' && typeof error.body.message === 'string'
        ? error.message
        : t('errors.booking_failed', { phone: SUPPORT_PHONE.display });
    return (
      <Alert color="red" role="alert" title={t('quotes.booking.failed_title')} data-testid="booking-failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <Text size="sm">{t('quotes.booking.kept')}</Text>
          <Group gap="xs">
            <Button size="xs" variant="white" color="red" component="a" href={`tel:${SUPPORT_PHONE.tel}`}>
              {t('shipment.credit_hold.call', { phone: SUPPORT_PHONE.display })}
            </Button>
            <ContactSupportButton variant="white" color="red" />
          </Group>
        </Stack>
      </Alert>
    );
  }
  return <ErrorAlert error={error} title={t('quotes.booking.failed_title')} />;
}
