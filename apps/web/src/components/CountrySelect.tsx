import { ISO_COUNTRY_CODES } from '@freight/domain/customs';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../lib/format';

/** Every country by its name in the reader's language, sorted so: a good may come from anywhere. */
function useCountryOptions() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames(localeOf(i18n.language), { type: 'region' });
    const collator = new Intl.Collator(localeOf(i18n.language));
    return ISO_COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [i18n.language]);
}

/** A country of origin chosen by its name (typed to search), kept as its ISO 3166 two-letter code. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const countries = useCountryOptions();
  return <Select searchable allowDeselect={false} data={countries} {...props} />;
}
