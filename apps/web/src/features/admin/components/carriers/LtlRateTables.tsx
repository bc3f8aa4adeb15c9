import { ACCESSORIAL_CODES } from '@freight/domain';
import { WEIGHT_BREAKS } from '@freight/domain/rating/ltl-tariff';
import { Group, NativeSelect, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureInput } from '../versions/FigureInput';
import { ListError, listErrorProps } from '../versions/ListError';
import { TariffRows } from './TariffRows';
import type { TariffFormValues } from './tariffForm';

type Form = UseFormReturnType<TariffFormValues>;
type Price = { kind: 'flat' | 'per_cwt' | 'per_piece'; [k: string]: unknown };
const KINDS = ['flat', 'per_cwt', 'per_piece'] as const;

/** The LTL base rates: cents per hundredweight by class (rows) and weight break (columns). */
export function BaseRatesTable({ form }: { form: Form }) {
  const { t } = useTranslation();
  const rates = (form.values.tariff.rates ?? []) as { freight_class: number }[];
  const errorId = `${useId()}-error`;
  return (
    <ScrollArea type="auto">
      <Table withTableBorder striped miw={900} captionSide="top" {...listErrorProps(form, 'tariff.rates', errorId)}>
        <Table.Caption>{t('admin.carriers.fields.base_rates')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.carriers.fields.class')}</Table.Th>
            {WEIGHT_BREAKS.map((b) => (
              <Table.Th key={b.code}>{b.code}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.map((r, i) => (
            <Table.Tr key={r.freight_class}>
              <Table.Td fw={600}>{r.freight_class}</Table.Td>
              {WEIGHT_BREAKS.map((b) => (
                <Table.Td key={b.code}>
                  <FigureInput
                    form={form}
                    path={`tariff.rates.${i}.per_cwt_cents.${b.code}`}
                    unit="dollars"
                    ariaLabel={`${r.freight_class} ${b.code}`}
                    w={90}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ListError form={form} path="tariff.rates" id={errorId} />
    </ScrollArea>
  );
}

/** The weekly diesel price steps and the percentage of net freight each adds. */
export function FuelTable({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group>
        <FigureInput
          form={form}
          path="tariff.fuel.heavy_over_lb"
          unit="plain"
          label={t('admin.carriers.fields.heavy_over')}
          decimals={0}
          w={200}
        />
        <FigureInput
          form={form}
          path="tariff.fuel.heavy_multiplier"
          unit="plain"
          label={t('admin.carriers.fields.heavy_multiplier')}
          w={200}
        />
      </Group>
      <ScrollArea h={280} type="auto">
        <TariffRows
          form={form}
          path="tariff.fuel.steps"
          columns={[
            { key: 'at_least_usd', label: t('admin.carriers.fields.fuel_from'), unit: 'plain' },
            { key: 'pct_bp', label: t('admin.carriers.fields.fuel_pct'), unit: 'percent' },
          ]}
          addLabel={t('admin.carriers.fields.add_step')}
          // The next step 5 cents up and 0.40 points more, as the usual tables run.
          added={(rows) => {
            const last = rows.at(-1) as { at_least_usd: number; pct_bp: number } | undefined;
            return {
              row: { at_least_usd: Math.round(((last?.at_least_usd ?? 1) + 0.05) * 1000) / 1000, pct_bp: (last?.pct_bp ?? 0) + 40 },
            };
          }}
        />
      </ScrollArea>
    </Stack>
  );
}

/** Each accessorial's price: per shipment, per hundredweight (with minimum and maximum) or per piece. */
export function AccessorialTable({ form }: { form: Form }) {
  const { t } = useTranslation();
  const prices = (form.values.tariff.accessorials ?? {}) as Record<string, Price | undefined>;
  const amountKey = (kind: Price['kind']) => (kind === 'flat' ? 'cents' : kind === 'per_cwt' ? 'cents_per_cwt' : 'cents_per_piece');
  const changeKind = (code: string, kind: Price['kind']) => {
    const before = prices[code];
    const amount = before ? (before[amountKey(before.kind)] as number) : 0;
    form.setFieldValue(`tariff.accessorials.${code}`, { kind, [amountKey(kind)]: amount });
  };
  return (
    <ScrollArea type="auto">
      <Table withTableBorder striped miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.carriers.fields.accessorial')}</Table.Th>
            <Table.Th>{t('admin.carriers.fields.kind')}</Table.Th>
            <Table.Th>{t('admin.carriers.fields.amount')}</Table.Th>
            <Table.Th>{t('admin.carriers.fields.minimum')}</Table.Th>
            <Table.Th>{t('admin.carriers.fields.maximum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ACCESSORIAL_CODES.filter((code) => prices[code]).map((code) => {
            const price = prices[code] as Price;
            const name = t(`admin.carriers.accessorial_names.${code}`);
            return (
              <Table.Tr key={code}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={`${name}: ${t('admin.carriers.fields.kind')}`}
                    value={price.kind}
                    onChange={(e) => changeKind(code, e.currentTarget.value as Price['kind'])}
                    data={KINDS.map((k) => ({ value: k, label: t(`admin.carriers.fields.kinds.${k}`) }))}
                    error={form.getInputProps(`tariff.accessorials.${code}.kind`).error}
                  />
                </Table.Td>
                <Table.Td>
                  <FigureInput
                    form={form}
                    path={`tariff.accessorials.${code}.${amountKey(price.kind)}`}
                    unit="dollars"
                    ariaLabel={`${name}: ${t('admin.carriers.fields.amount')}`}
                    w={100}
                  />
                </Table.Td>
                <Table.Td>
                  {price.kind !== 'flat' && (
                    <FigureInput
                      form={form}
                      path={`tariff.accessorials.${code}.min_cents`}
                      unit="dollars"
                      empty="absent"
                      ariaLabel={`${name}: ${t('admin.carriers.fields.minimum')}`}
                      w={100}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {price.kind === 'per_cwt' ? (
                    <FigureInput
                      form={form}
                      path={`tariff.accessorials.${code}.max_cents`}
                      unit="dollars"
                      empty="absent"
                      ariaLabel={`${name}: ${t('admin.carriers.fields.maximum')}`}
                      w={100}
                    />
                  ) : (
                    <Text size="xs" c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
