import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An answer the rates do not price: what to do, and the way back to the details to re-rate. */
export function RerateAlert({ testId, message, onRequote }: { testId: string; message: string; onRequote: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="yellow" onClick={onRequote}>
          {t('quotes.booking.schedule.back_to_details')}
        </Button>
      </Stack>
    </Alert>
  );
}
