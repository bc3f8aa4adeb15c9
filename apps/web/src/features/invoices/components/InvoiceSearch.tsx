import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The invoice lists' search box: invoice, BOL or PRO number. */
export function InvoiceSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t('invoices.search')}
      placeholder={t('invoices.search_hint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={64}
      w={280}
      maw="100%"
    />
  );
}
