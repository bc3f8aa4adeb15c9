import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Tests only: chooses `file` in the CSV file field labelled `label` inside `container`. The field is
 * a button that opens the browser's picker (CsvFileInput); the file goes to the hidden input the
 * picker fills.
 */
export async function chooseCsvFile(container: HTMLElement, label: string | RegExp, file: File) {
  const field = within(container).getByRole('button', { name: label });
  const input = field.closest('.mantine-InputWrapper-root')?.parentElement?.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error(`no file input behind the field ${String(label)}`);
  await userEvent.upload(input, file);
}
