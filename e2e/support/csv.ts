import type { FileChooser, Locator, Page } from '@playwright/test';

/**
 * Opens the page's 'Upload CSV' dialog (named `dialogName`), chooses `csv` as the file and asks
 * for the check; answers the dialog, which then shows the report.
 */
export async function checkCsvUpload(page: Page, dialogName: string, fileName: string, csv: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await chooseFile(dialog.getByRole('button', { name: 'CSV file' }), { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  return dialog;
}

/**
 * Chooses a file as a user does: clicks the file field (a button in the page's language that opens
 * the browser's picker) and answers the picker.
 */
export async function chooseFile(field: Locator, file: Parameters<FileChooser['setFiles']>[0]) {
  const picker = field.page().waitForEvent('filechooser');
  await field.click();
  await (await picker).setFiles(file);
}
