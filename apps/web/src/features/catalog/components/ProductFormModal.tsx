import { PACKAGE_TYPES, type Product, productInput } from '@freight/contracts';
import { NMFC_CLASSES, type UnitSystem } from '@freight/domain';
import { Alert, Checkbox, Grid, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../../components/ModalActions';
import { PartDescriptionInput } from '../../../components/parts/PartDescriptionInput';
import { isApiError } from '../../../lib/api';
import { lengthUnit, weightUnit } from '../../../lib/format';
import { setServerErrors, splitServerErrors, zodErrors } from '../../../lib/forms';
import { createProduct, PRODUCTS_KEY, updateProduct } from '../api/productsApi';
import { emptyProductValues, type ProductFormValues, productBody, productValues, toProductInput } from './productValues';

/**
 * Add or edit a product: every field of the contract, dimensions and
 * weight entered in the user's unit system and sent as inches and pounds. A failed save says
 * 'Error saving product. Check all inputs and try again.' with the field messages under the fields.
 */
export function ProductFormModal({ product, units, onClose }: { product: Product | null; units: UnitSystem; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<ProductFormValues>({
    initialValues: product ? productValues(product, units) : emptyProductValues(),
    validate: (v) => zodErrors(productInput, t, v, (values) => toProductInput(values, units, product)),
  });
  const length = lengthUnit(units);
  const weight = weightUnit(units);

  const submit = form.onSubmit(
    async (v) => {
      setFailure(null);
      try {
        const body = productBody(v, units, product);
        if (product) await updateProduct(product.id, body);
        else await createProduct(body);
      } catch (e) {
        setServerErrors(form, e);
        setFailure(e);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      notifications.show({ color: 'green', message: t(product ? 'product.updated' : 'product.created') });
      onClose();
    },
    () => setFailure(true),
  );

  // Field problems are shown under the fields; anything else (network, server, a 422 of no field here) is said too.
  const detail =
    isApiError(failure) && failure.status !== 422
      ? failure.status === 0
        ? t('common.network_error')
        : failure.status >= 500
          ? t('errors.server_error', { requestId: String(failure.body.request_id ?? '-') })
          : failure.message
      : splitServerErrors(failure, form).rest.join(' ') || null;

  const measure = (field: 'length_in' | 'width_in' | 'height_in' | 'weight_lb', label: string, unit: string, extra: object = {}) => (
    <NumberInput
      label={`${label} (${unit})`}
      withAsterisk
      min={0}
      allowNegative={false}
      decimalScale={2}
      hideControls
      rightSection={
        <Text size="xs" c="dimmed" aria-hidden>
          {unit}
        </Text>
      }
      rightSectionPointerEvents="none"
      {...extra}
      {...form.getInputProps(field)}
    />
  );
  // The codes customs and Mexico's SAT read: digits, their hint under the field.
  const codeField = (field: 'sat' | 'hs_code', maxLength: number) => (
    <TextInput
      label={t(`catalog.form.${field}`)}
      description={t(`catalog.form.${field}_hint`)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      inputMode="numeric"
      maxLength={maxLength}
      {...form.getInputProps(field)}
    />
  );

  return (
    <Modal opened onClose={onClose} title={t(product ? 'catalog.form.edit_title' : 'catalog.form.create_title')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Grid gap="sm">
            <Grid.Col span={12}>
              {/* Suggests the staff's part catalog; a pick fills NMFC, class and hazardous (all still editable). */}
              <PartDescriptionInput
                label={t('catalog.form.description')}
                withAsterisk
                maxLength={255}
                data-autofocus
                {...form.getInputProps('description')}
                value={form.values.description}
                onChange={(value) => form.setFieldValue('description', value)}
                onPick={(part) =>
                  form.setValues({
                    nmfc: part.nmfc,
                    freight_class: part.freight_class === null ? '' : String(part.freight_class),
                    hazardous: part.hazardous,
                  })
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('catalog.form.product_number')} maxLength={64} {...form.getInputProps('product_number')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                label={t('catalog.form.package_type')}
                withAsterisk
                data={[
                  { value: '', label: t('catalog.form.choose'), disabled: true },
                  ...PACKAGE_TYPES.map((p) => ({ value: p, label: t(`quotes.form.package_types.${p}`) })),
                ]}
                {...form.getInputProps('package_type')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('catalog.form.nmfc')} maxLength={32} {...form.getInputProps('nmfc')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{codeField('sat', 8)}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{codeField('hs_code', 14)}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NativeSelect
                label={t('catalog.form.freight_class')}
                data={[
                  { value: '', label: t('catalog.form.no_class') },
                  ...NMFC_CLASSES.map((c) => ({ value: String(c), label: t('catalog.class_n', { class: c }) })),
                ]}
                {...form.getInputProps('freight_class')}
              />
            </Grid.Col>
          </Grid>
          <Text size="sm" c="dimmed">
            {t('catalog.form.units_hint', { length, weight })}
          </Text>
          <Grid gap="sm">
            <Grid.Col span={{ base: 6, sm: 3 }}>{measure('length_in', t('catalog.form.length'), length)}</Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>{measure('width_in', t('catalog.form.width'), length)}</Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>{measure('height_in', t('catalog.form.height'), length)}</Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              {measure('weight_lb', t('catalog.form.weight'), weight, {
                description: t('catalog.form.weight_hint'),
                inputWrapperOrder: ['label', 'input', 'description', 'error'],
              })}
            </Grid.Col>
          </Grid>
          <Checkbox label={t('catalog.form.hazardous')} {...form.getInputProps('hazardous', { type: 'checkbox' })} />
          {failure !== null && (
            <Alert color="red" role="alert" title={t('product.save_failed')}>
              {detail}
            </Alert>
          )}
          <ModalActions onCancel={onClose} submitLabel={t('catalog.form.save')} submitting={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
