import { Alert, List } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** Errors the form has no field for, listed above the submit button rather than lost. */
export function GeneralErrorsAlert({ errors, ref }: { errors: readonly string[]; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('quotes.form.errors.title')} role="alert" ref={ref} tabIndex={-1}>
      <List size="sm">
        {errors.map((e) => (
          <List.Item key={e}>{e}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
