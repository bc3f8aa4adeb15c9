import { FileInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The file field of every CSV upload: a button in the page's language ("Choose a .csv file", then
 * the chosen file's name) that opens the browser's file picker. The browser's own file input words
 * its button and "No file chosen" in the browser's language, whatever the page's.
 */
export function CsvFileInput({
  label,
  error,
  required = false,
  onChange,
}: {
  label: string;
  error?: ReactNode;
  required?: boolean;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={label}
      placeholder={t('csv_import.file_placeholder')}
      accept=".csv,text/csv"
      withAsterisk={required}
      error={error}
      onChange={onChange}
      maw={420}
    />
  );
}
