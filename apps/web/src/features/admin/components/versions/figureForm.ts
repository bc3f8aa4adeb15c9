import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';

/**
 * What the versioned editors' shared fields need of a Mantine form, whatever its values (a carrier
 * tariff's, a pricing program's): fields addressed by their dotted path, which is also the
 * server's error key. Methods, so a form of any values fits.
 */
export interface FigureForm {
  errors: FormErrors;
  getInputProps(path: string): { value?: unknown; error?: ReactNode };
  setFieldValue(path: string, value: unknown): void;
}
