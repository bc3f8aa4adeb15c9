import { REQUESTABLE_ACCESSORIALS } from '@freight/domain';
import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessorialCode } from './model';
import { recommendation, type Sites } from './recommendations';

type Group = 'pickup' | 'delivery' | 'other';
const groupOf = (code: AccessorialCode): Group => (code.endsWith('_pickup') ? 'pickup' : code.endsWith('_delivery') ? 'delivery' : 'other');
const GROUPS: Group[] = ['pickup', 'delivery', 'other'];

/** The requestable accessorials as checkboxes in three groups; the site types' recommendations are marked. */
export function AccessorialFields({
  value,
  sites,
  onToggle,
}: {
  value: readonly AccessorialCode[];
  sites: Sites;
  onToggle: (code: AccessorialCode, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
      {GROUPS.map((group) => (
        <Stack key={group} gap={6} role="group" aria-labelledby={`${id}-${group}`}>
          <Text id={`${id}-${group}`} size="sm" fw={600}>
            {t(`quotes.form.accessorials.${group}`)}
          </Text>
          {REQUESTABLE_ACCESSORIALS.filter((code) => groupOf(code) === group).map((code) => (
            <Checkbox
              key={code}
              label={t(`quotes.form.accessorials.names.${code}`)}
              description={recommendation(code, sites) === true ? t('quotes.form.accessorials.recommended') : undefined}
              checked={value.includes(code)}
              onChange={(e) => onToggle(code, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
