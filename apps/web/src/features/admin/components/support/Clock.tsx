import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A clock in staffed minutes (hours and minutes), still running or stopped. */
export function Clock({ label, minutes, running }: { label: string; minutes: number; running: boolean }) {
  const { t } = useTranslation();
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const value = h ? t('admin.support.hours_minutes', { h, m }) : t('admin.support.minutes', { m });
  return (
    <Text size="xs" c={running ? 'orange' : 'dimmed'}>
      {label}: {value}
      {running ? ` (${t('admin.support.running')})` : ''}
    </Text>
  );
}
