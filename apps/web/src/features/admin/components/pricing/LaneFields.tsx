import { type ContractLane, PRICING_MODES } from '@freight/domain/pricing';
import { Button, Fieldset, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FigureInput } from '../versions/FigureInput';
import { PlaceField } from './PlaceField';
import type { ProgramFormValues } from './programForm';
import { CodeInput, WeightFields } from './RuleFields';

type Form = UseFormReturnType<ProgramFormValues>;

/** One contract lane of the draft: a named lane at a fixed price for the transportation, between two dates. */
export function LaneFields({ form, index, onRemove }: { form: Form; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const path = `program.contract_lanes.${index}`;
  const lane = form.values.program.contract_lanes[index] as ContractLane;
  return (
    <Fieldset legend={t('admin.pricing.lane_n', { number: index + 1, name: lane.name })} variant="filled" p="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput size="xs" label={t('admin.pricing.name')} maxLength={80} {...form.getInputProps(`${path}.name`)} />
        <NativeSelect
          size="xs"
          label={t('admin.pricing.mode')}
          data={PRICING_MODES.map((m) => ({ value: m, label: t(`admin.pricing.modes.${m}`) }))}
          {...form.getInputProps(`${path}.mode`)}
        />
        <CodeInput form={form} path={`${path}.carrier_scac`} label={t('admin.pricing.carrier_any')} />
        <FigureInput form={form} path={`${path}.price_cents`} unit="dollars" label={t('admin.pricing.price')} />
        <PlaceField form={form} path={`${path}.origin`} label={t('admin.pricing.origin')} />
        <PlaceField form={form} path={`${path}.destination`} label={t('admin.pricing.destination')} />
        <WeightFields form={form} path={`${path}.weight`} />
        <TextInput size="xs" type="date" label={t('admin.pricing.valid_from')} {...form.getInputProps(`${path}.valid_from`)} />
        <TextInput size="xs" type="date" label={t('admin.pricing.valid_to')} {...form.getInputProps(`${path}.valid_to`)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
          {t('admin.pricing.remove_lane', { number: index + 1 })}
        </Button>
      </Group>
    </Fieldset>
  );
}
