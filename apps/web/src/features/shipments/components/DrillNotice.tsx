import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { paths } from '../../../lib/paths';

/**
 * Says which Analytics figure the list is narrowed to (its words, its days), with the way back to
 * the page as it was and the way out to every shipment.
 */
export function DrillNotice({ drill, onClear }: { drill: Record<string, string>; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const { figure = 'shipments', kind, ...page } = drill;
  const kindWords = kind ? t(`shipment.accessorial.${kind}`, { defaultValue: t(`shipment.charge.${kind}`, { defaultValue: kind }) }) : '';
  const back = `${paths.analytics}?${new URLSearchParams(page)}`;
  return (
    <Alert color="blue" variant="light" title={t('shipments.drill.title')} data-testid="analytics-drill">
      <Text size="sm">
        {t(`shipments.drill.figures.${figure}`, { kind: kindWords })}
        {drill.from &&
          drill.to &&
          ` · ${t('shipments.drill.range', { from: formatLocalDate(drill.from, i18n.language), to: formatLocalDate(drill.to, i18n.language) })}`}
      </Text>
      <Group gap="md" mt="xs">
        <Anchor component={Link} to={back} size="sm">
          {t('shipments.drill.back')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onClear}>
          {t('shipments.drill.clear')}
        </Anchor>
      </Group>
    </Alert>
  );
}
