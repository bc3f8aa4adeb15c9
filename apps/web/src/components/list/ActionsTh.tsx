import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The header of a table's column of row buttons: it shows nothing, but a screen reader reads
 * "Actions" for each of its cells (an empty header leaves them without one).
 */
export function ActionsTh() {
  const { t } = useTranslation();
  return (
    <Table.Th>
      <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
    </Table.Th>
  );
}
