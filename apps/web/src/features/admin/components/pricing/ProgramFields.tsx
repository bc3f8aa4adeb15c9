import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureInput } from '../versions/FigureInput';
import { ListError, listErrorProps } from '../versions/ListError';
import { LaneFields } from './LaneFields';
import { newLane, newRule, type ProgramFormValues } from './programForm';
import { RuleFields } from './RuleFields';

type Form = UseFormReturnType<ProgramFormValues>;

/**
 * The draft program in the engine's terms (packages/domain/src/pricing): its minimum margin, its
 * contract lanes and its rules, each added and removed. Entries have no identity but their place:
 * a removal renders every entry again (a new generation of keys), so none keeps another's text.
 */
export function ProgramFields({ form, today }: { form: Form; today: string }) {
  const { t } = useTranslation();
  const rulesError = `${useId()}-error`;
  const lanesError = `${useId()}-error`;
  const [generation, setGeneration] = useState(0);
  const remove = (list: 'program.rules' | 'program.contract_lanes', index: number) => {
    form.removeListItem(list, index);
    setGeneration((g) => g + 1);
  };
  const { rules, contract_lanes: lanes } = form.values.program;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('admin.pricing.minimum_margin')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.pricing.minimum_margin_hint')}
        </Text>
        <Group align="flex-start">
          <FigureInput form={form} path="program.minimum_margin_cents" unit="dollars" label={t('admin.pricing.minimum_cents')} w={200} />
          <FigureInput form={form} path="program.minimum_margin_bp" unit="percent" label={t('admin.pricing.minimum_bp')} w={200} />
        </Group>
      </Stack>
      <Stack gap="xs" role="group" aria-labelledby={`${lanesError}-title`} {...listErrorProps(form, 'program.contract_lanes', lanesError)}>
        <Title order={3} size="h4" id={`${lanesError}-title`}>
          {t('admin.pricing.lanes')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.pricing.lanes_hint')}
        </Text>
        {lanes.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are known by their place; a removal renews the generation
          <LaneFields key={`${generation}-${i}`} form={form} index={i} onRemove={() => remove('program.contract_lanes', i)} />
        ))}
        <ListError form={form} path="program.contract_lanes" id={lanesError} />
        <Button size="xs" variant="light" w="fit-content" onClick={() => form.insertListItem('program.contract_lanes', newLane(today))}>
          {t('admin.pricing.add_lane')}
        </Button>
      </Stack>
      <Stack gap="xs" role="group" aria-labelledby={`${rulesError}-title`} {...listErrorProps(form, 'program.rules', rulesError)}>
        <Title order={3} size="h4" id={`${rulesError}-title`}>
          {t('admin.pricing.rules')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.pricing.rules_hint')}
        </Text>
        {rules.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are known by their place; a removal renews the generation
          <RuleFields key={`${generation}-${i}`} form={form} index={i} onRemove={() => remove('program.rules', i)} />
        ))}
        <ListError form={form} path="program.rules" id={rulesError} />
        <Button size="xs" variant="light" w="fit-content" onClick={() => form.insertListItem('program.rules', newRule())}>
          {t('admin.pricing.add_rule')}
        </Button>
      </Stack>
    </Stack>
  );
}
