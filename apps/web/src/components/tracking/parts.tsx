import type { PaymentState } from '@freight/domain';
import { Alert, Badge, type BadgeProps, Button, Text, type TextProps, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { placeName } from './localTime';
import { WHOLE_LABEL } from './StatusBadge';

/** 'Awaiting payment' or 'Payment expired'; nothing for the other payment states. */
export function PaymentBadge({ state, size = 'sm' }: { state: PaymentState; size?: BadgeProps['size'] }) {
  const { t } = useTranslation();
  if (state !== 'awaiting' && state !== 'expired') return null;
  return (
    <Badge color={state === 'awaiting' ? 'yellow' : 'gray'} variant="outline" size={size} styles={WHOLE_LABEL}>
      {t(`tracking_ui.payment.${state}`)}
    </Badge>
  );
}

type Place = { city?: string | null; state?: string | null };

/** 'Chicago, IL → Atlanta, GA', read out as '… to …'. */
export function RouteLine({ origin, destination, ...text }: { origin: Place; destination: Place } & TextProps) {
  const { t } = useTranslation();
  return (
    <Text size="sm" {...text}>
      {placeName(origin)}{' '}
      <span aria-hidden style={{ opacity: 0.6 }}>
        →
      </span>
      <VisuallyHidden>{t('tracking_ui.to')}</VisuallyHidden> {placeName(destination)}
    </Text>
  );
}

/** The tracking lists' load failure, with a way to try again. */
export function ShipmentsLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      <Text size="sm">{t('tracking_ui.load_error')}</Text>
      <Button size="xs" variant="default" mt="sm" onClick={onRetry} loading={retrying}>
        {t('tracking_ui.retry')}
      </Button>
    </Alert>
  );
}
