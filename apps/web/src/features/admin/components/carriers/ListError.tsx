import { Input } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TariffFormValues } from './tariffForm';

type Form = UseFormReturnType<TariffFormValues>;

/**
 * The error of a tariff's list as a whole (none left, too many), which no figure's field shows:
 * under the list's table, which it describes, so the table counts as a field in error.
 */
export function ListError({ form, path, id }: { form: Form; path: string; id: string }) {
  const error = form.errors[path];
  return error ? <Input.Error id={id}>{error}</Input.Error> : null;
}

/** The table's tie to its list's error (`id` ends in "-error", as a field's error does). */
export const listErrorProps = (form: Form, path: string, id: string) => ({ 'aria-describedby': form.errors[path] ? id : undefined });
