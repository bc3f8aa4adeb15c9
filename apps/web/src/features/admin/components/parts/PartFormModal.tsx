import { type Part, type PartValues, partInput } from '@freight/contracts';
import { NMFC_CLASSES } from '@freight/domain';
import { printedHsCode } from '@freight/domain/customs';
import { Alert, Checkbox, Grid, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, splitServerErrors, zodErrors } from '../../../../lib/forms';
import { PARTS_KEY, savePart } from '../../api/partCatalogApi';

interface FormValues {
  description_en: string;
  description_es: string;
  nmfc_item: string;
  nmfc_sub: string;
  /** '' = none (a density-based part). */
  freight_class: string;
  density_based: boolean;
  hazardous: boolean;
  hs_code: string;
}

const formValues = (part: Part | null): FormValues => ({
  description_en: part?.description_en ?? '',
  description_es: part?.description_es ?? '',
  nmfc_item: part?.nmfc_item ?? '',
  nmfc_sub: part?.nmfc_sub ?? '',
  freight_class: part?.freight_class == null ? '' : String(part.freight_class),
  density_based: part?.density_based ?? false,
  hazardous: part?.hazardous ?? false,
  hs_code: part?.hs_code ? printedHsCode(part.hs_code) : '',
});

const toBody = (v: FormValues): PartValues => ({
  ...v,
  freight_class: v.density_based || v.freight_class === '' ? null : (Number(v.freight_class) as PartValues['freight_class']),
});

/**
 * Add or edit a part: both descriptions, the NMFC item and sub, the class or 'density-based' (which
 * clears and locks the class), hazardous. Checked by the contract's `partInput` before sending;
 * the server's 422 field errors land under the fields.
 */
export function PartFormModal({ part, onClose }: { part: Part | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<FormValues>({
    initialValues: formValues(part),
    validate: (v) => zodErrors(partInput, t, v, toBody),
  });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await savePart(part?.id ?? null, toBody(v));
    } catch (e) {
      // Every message at its field: 'could not be saved'; else the failure, or what no field shows, in the alert.
      setFailure(setServerErrors(form, e) && !splitServerErrors(e, form).rest.length ? true : e);
      return;
    }
    await client.invalidateQueries({ queryKey: PARTS_KEY });
    notifications.show({ color: 'green', message: t(part ? 'admin.parts.updated' : 'admin.parts.created') });
    onClose();
  });
  const densityBased = form.values.density_based;

  return (
    <Modal opened onClose={onClose} title={t(part ? 'admin.parts.edit' : 'admin.parts.new')} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={t(part ? 'admin.parts.edit' : 'admin.parts.new')}>
        <Stack>
          <TextInput
            label={t('admin.parts.description_en')}
            withAsterisk
            maxLength={255}
            data-autofocus
            {...form.getInputProps('description_en')}
          />
          <TextInput label={t('admin.parts.description_es')} withAsterisk maxLength={255} {...form.getInputProps('description_es')} />
          <Grid gap="sm">
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <TextInput
                label={t('admin.parts.nmfc_item')}
                withAsterisk
                inputMode="numeric"
                maxLength={6}
                {...form.getInputProps('nmfc_item')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput label={t('admin.parts.nmfc_sub')} inputMode="numeric" maxLength={2} {...form.getInputProps('nmfc_sub')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <NativeSelect
                label={t('admin.parts.freight_class')}
                withAsterisk={!densityBased}
                disabled={densityBased}
                data={[
                  { value: '', label: densityBased ? t('admin.parts.by_density') : t('admin.parts.choose_class') },
                  ...NMFC_CLASSES.map((c) => ({ value: String(c), label: t('admin.parts.class_n', { class: c }) })),
                ]}
                {...form.getInputProps('freight_class')}
              />
            </Grid.Col>
          </Grid>
          <Checkbox
            label={t('admin.parts.density_based')}
            description={t('admin.parts.density_based_hint')}
            {...form.getInputProps('density_based', { type: 'checkbox' })}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              form.setValues({ density_based: on, ...(on ? { freight_class: '' } : {}) });
              form.clearFieldError('freight_class');
            }}
          />
          <Checkbox label={t('admin.parts.hazardous')} {...form.getInputProps('hazardous', { type: 'checkbox' })} />
          <TextInput
            label={t('admin.parts.hs_code')}
            description={t('admin.parts.hs_code_hint')}
            inputMode="numeric"
            maxLength={14}
            {...form.getInputProps('hs_code')}
          />
          {failure === true && (
            <Alert color="red" role="alert">
              {t('part.save_failed')}
            </Alert>
          )}
          {failure !== true && <FormAlert error={failure} fields={form} />}
          <ModalActions onCancel={onClose} submitLabel={t('admin.parts.save')} submitting={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
