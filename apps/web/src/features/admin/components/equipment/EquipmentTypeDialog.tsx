import { EQUIPMENT_LIMITS, type EquipmentTypeRequestInput, type EquipmentTypeView, equipmentTypeRequest } from '@freight/contracts';
import { Checkbox, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { afterEquipmentChange, saveEquipmentType } from '../../api/equipmentTypesApi';

/** A NumberInput's value: a number, or '' when left empty. */
type Num = number | string;

interface Values {
  code: string;
  name_en: string;
  name_es: string;
  max_weight_lb: Num;
  length_ft: Num;
  pallet_positions: Num;
  temperature_controlled: boolean;
  deck_clear_height_ft: Num;
  /** True: no online rate (the adjustment is sent as null). */
  by_phone: boolean;
  per_mile_adjustment_cents: Num;
  sort_order: Num;
}

const blankable = (v: number | null | undefined): Num => (v === null || v === undefined ? '' : v);
/** An empty box is null; anything else goes as a number (NaN for the checks to refuse). */
const orNull = (v: Num) => (v === '' ? null : Number(v));

const toBody = (v: Values): EquipmentTypeRequestInput => ({
  code: v.code,
  name_en: v.name_en,
  name_es: v.name_es,
  max_weight_lb: orNull(v.max_weight_lb),
  length_ft: orNull(v.length_ft),
  pallet_positions: orNull(v.pallet_positions),
  temperature_controlled: v.temperature_controlled,
  deck_clear_height_ft: orNull(v.deck_clear_height_ft),
  per_mile_adjustment_cents: v.by_phone ? null : orNull(v.per_mile_adjustment_cents),
  sort_order: orNull(v.sort_order) ?? 0,
});

/**
 * Adds a type (no `type`) or edits one. The code is fixed once created: quotes and shipments keep
 * it. An adjustment left empty with "no online rate" unticked is a required field.
 */
export function EquipmentTypeDialog({
  type,
  nextSortOrder,
  onClose,
}: {
  type: EquipmentTypeView | null;
  nextSortOrder: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      code: type?.code ?? '',
      name_en: type?.name_en ?? '',
      name_es: type?.name_es ?? '',
      max_weight_lb: blankable(type?.max_weight_lb),
      length_ft: blankable(type?.length_ft),
      pallet_positions: blankable(type?.pallet_positions),
      temperature_controlled: type?.temperature_controlled ?? false,
      deck_clear_height_ft: blankable(type?.deck_clear_height_ft),
      by_phone: type ? type.per_mile_adjustment_cents === null : false,
      per_mile_adjustment_cents: blankable(type?.per_mile_adjustment_cents),
      sort_order: type?.sort_order ?? nextSortOrder,
    },
  });
  const save = useMutation({
    mutationFn: (v: Values) => saveEquipmentType(type?.id ?? null, toBody(v)),
    onSuccess: async () => {
      onClose();
      await afterEquipmentChange(client);
    },
    onError: (e) => setServerErrors(form, e),
  });
  const L = EQUIPMENT_LIMITS;
  const number = (field: keyof typeof L, label: string, extra: Partial<Parameters<typeof NumberInput>[0]> = {}) => (
    <NumberInput
      label={label}
      min={L[field].min}
      max={L[field].max}
      allowDecimal={field === 'deck_clear_height_ft'}
      thousandSeparator=","
      // Out of range is said, not silently changed: staff see what they typed and why it is refused.
      clampBehavior="none"
      {...extra}
      {...form.getInputProps(field)}
    />
  );
  const title = type ? t('admin.equipment.edit_title', { name: type.name_en }) : t('admin.equipment.add_title');
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(equipmentTypeRequest, t, values, toBody);
          if (!values.by_phone && values.per_mile_adjustment_cents === '') errors.per_mile_adjustment_cents ??= t('validation.required');
          if (Object.keys(errors).length) form.setErrors(errors);
          else save.mutate(values);
        })}
      >
        <Stack gap="sm">
          <FormAlert error={save.error} fields={form} />
          <TextInput
            label={t('admin.equipment.code')}
            description={t('admin.equipment.code_hint')}
            withAsterisk
            maxLength={32}
            disabled={Boolean(type)}
            {...form.getInputProps('code')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('admin.equipment.name_en')} withAsterisk maxLength={60} {...form.getInputProps('name_en')} />
            <TextInput label={t('admin.equipment.name_es')} withAsterisk maxLength={60} {...form.getInputProps('name_es')} />
            {number('max_weight_lb', t('admin.equipment.max_weight_lb'), { description: t('admin.equipment.blank') })}
            {number('pallet_positions', t('admin.equipment.pallet_positions'), { description: t('admin.equipment.blank') })}
            {number('length_ft', t('admin.equipment.length_ft'), { description: t('admin.equipment.blank') })}
            {number('deck_clear_height_ft', t('admin.equipment.deck_clear_height_ft'), { description: t('admin.equipment.deck_hint') })}
          </SimpleGrid>
          <Checkbox
            label={t('admin.equipment.temperature_controlled')}
            {...form.getInputProps('temperature_controlled', { type: 'checkbox' })}
          />
          <Checkbox label={t('admin.equipment.by_phone')} {...form.getInputProps('by_phone', { type: 'checkbox' })} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {number('per_mile_adjustment_cents', t('admin.equipment.per_mile_adjustment_cents'), {
              description: t('admin.equipment.adjustment_hint'),
              disabled: form.values.by_phone,
              withAsterisk: !form.values.by_phone,
            })}
            {number('sort_order', t('admin.equipment.sort_order'))}
          </SimpleGrid>
          <ModalActions
            onCancel={onClose}
            submitLabel={type ? t('admin.equipment.save') : t('admin.equipment.create')}
            submitting={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
