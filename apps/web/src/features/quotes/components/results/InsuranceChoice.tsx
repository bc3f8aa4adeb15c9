import { SUPPORT_PHONE } from '@freight/domain';
import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';
import type { QuoteInsuranceOption } from '../../api/quotesApi';
import { buyableOnline, insuredOptions, NO_INSURANCE } from './insurance';

interface InsuranceChoiceProps {
  options: readonly QuoteInsuranceOption[];
  currency: string;
  value: string;
  onChange: (kind: string) => void;
}

/**
 * 'No insurance' or one of the quote's insurance options, each with its premium, coverage and
 * deductible; cover above the online maximum is shown disabled with the number to call.
 */
export function InsuranceChoice({ options, currency, value, onChange }: InsuranceChoiceProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(cents / 100, currency);
  const liability = options.find((o) => o.kind === NO_INSURANCE)?.coverage_cents ?? 0;

  return (
    <Radio.Group
      label={t('quotes.results.insurance.title')}
      description={t('quotes.results.insurance.intro')}
      value={value}
      onChange={onChange}
    >
      <Stack gap="xs" mt="xs">
        <Radio
          value={NO_INSURANCE}
          label={t('quotes.results.insurance.none')}
          description={
            liability > 0
              ? t('quotes.results.insurance.none_liability', { coverage: money(liability) })
              : t('quotes.results.insurance.none_detail')
          }
        />
        {insuredOptions(options).map((o) => {
          const coverage = money(o.coverage_cents);
          const label =
            o.kind === 'first_tier' || o.kind === 'full'
              ? t(`quotes.results.insurance.kind_${o.kind}`, { coverage })
              : t('quotes.results.insurance.kind_other', { coverage });
          const deductible =
            o.deductible_cents > 0
              ? t('quotes.results.insurance.deductible', { deductible: money(o.deductible_cents) })
              : t('quotes.results.insurance.no_deductible');
          const terms = t('quotes.results.insurance.terms', { premium: money(o.premium_cents), coverage, deductible });
          return (
            <Radio
              key={o.kind}
              value={o.kind}
              label={label}
              disabled={!buyableOnline(o)}
              description={
                buyableOnline(o) ? terms : `${terms} · ${t('quotes.results.insurance.by_phone', { phone: SUPPORT_PHONE.display })}`
              }
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
