import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Table } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FigureInput } from '../versions/FigureInput';
import type { TariffFormValues } from './tariffForm';

const ZONES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** A parcel tariff (packages/domain/src/rating/parcel.ts): zone rates, surcharges, limits and fuel. */
export function ParcelTariffFields({ form }: { form: UseFormReturnType<TariffFormValues> }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Fieldset legend={t('admin.carriers.fields.zones')}>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.carriers.fields.zone')}</Table.Th>
              <Table.Th>{t('admin.carriers.fields.first_lb')}</Table.Th>
              <Table.Th>{t('admin.carriers.fields.per_lb')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ZONES.map((z) => (
              <Table.Tr key={z}>
                <Table.Td fw={600}>{z}</Table.Td>
                <Table.Td>
                  <FigureInput
                    form={form}
                    path={`tariff.zones.${z}.first_lb_cents`}
                    unit="dollars"
                    ariaLabel={`${t('admin.carriers.fields.zone')} ${z}: ${t('admin.carriers.fields.first_lb')}`}
                    w={110}
                  />
                </Table.Td>
                <Table.Td>
                  <FigureInput
                    form={form}
                    path={`tariff.zones.${z}.per_lb_cents`}
                    unit="dollars"
                    ariaLabel={`${t('admin.carriers.fields.zone')} ${z}: ${t('admin.carriers.fields.per_lb')}`}
                    w={110}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Fieldset>
      <Fieldset legend={t('admin.carriers.fields.accessorials')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FigureInput form={form} path="tariff.residential_cents" unit="dollars" label={t('admin.carriers.fields.residential')} />
          <FigureInput
            form={form}
            path="tariff.additional_handling_cents"
            unit="dollars"
            label={t('admin.carriers.fields.additional_handling')}
          />
          <FigureInput form={form} path="tariff.large_package_cents" unit="dollars" label={t('admin.carriers.fields.large_package')} />
          <FigureInput
            form={form}
            path="tariff.declared_value.included_per_package_cents"
            unit="dollars"
            label={t('admin.carriers.fields.declared_included')}
          />
          <FigureInput
            form={form}
            path="tariff.declared_value.per_100_cents"
            unit="dollars"
            label={t('admin.carriers.fields.declared_per_100')}
          />
          <div />
          <FigureInput
            form={form}
            path="tariff.signature.signature"
            unit="dollars"
            empty="null"
            label={t('admin.carriers.fields.signature')}
          />
          <FigureInput
            form={form}
            path="tariff.signature.adult_signature"
            unit="dollars"
            empty="null"
            label={t('admin.carriers.fields.adult_signature')}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('admin.carriers.fields.fuel_bp')}>
        <Group align="flex-end">
          <Checkbox label={t('admin.carriers.fields.fuel_applies')} {...form.getInputProps('tariff.fuel_applies', { type: 'checkbox' })} />
          <FigureInput form={form} path="fuel_bp" unit="percent" label={t('admin.carriers.fields.fuel_bp')} w={160} />
        </Group>
      </Fieldset>
      <Fieldset legend={t('admin.carriers.fields.max_weight')}>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <FigureInput
            form={form}
            path="tariff.limits.max_weight_lb"
            unit="plain"
            decimals={0}
            label={t('admin.carriers.fields.max_weight')}
          />
          <FigureInput
            form={form}
            path="tariff.limits.max_length_in"
            unit="plain"
            decimals={0}
            empty="null"
            label={t('admin.carriers.fields.max_length')}
          />
          <FigureInput
            form={form}
            path="tariff.limits.max_length_plus_girth_in"
            unit="plain"
            decimals={0}
            label={t('admin.carriers.fields.max_length_girth')}
          />
          <FigureInput
            form={form}
            path="tariff.limits.dim_divisor"
            unit="plain"
            decimals={0}
            label={t('admin.carriers.fields.dim_divisor')}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
