import { Input } from '@mantine/core';
import type { FigureForm } from './figureForm';

/**
 * The error of a list as a whole (none left, too many), which no field of its rows shows: under
 * the list, which it describes, so the list counts as a field in error.
 */
export function ListError({ form, path, id }: { form: FigureForm; path: string; id: string }) {
  const error = form.errors[path];
  return error ? <Input.Error id={id}>{error}</Input.Error> : null;
}

/** The list's tie to its error (`id` ends in "-error", as a field's error does). */
export const listErrorProps = (form: FigureForm, path: string, id: string) => ({ 'aria-describedby': form.errors[path] ? id : undefined });
