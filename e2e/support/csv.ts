import type { Locator, Page } from '@playwright/test';

/**
 * Opens the page's 'Upload CSV' dialog (named `dialogName`), chooses `csv` as the file and asks
 * for the check; answers the dialog, which then shows the report.
 */
export async function checkCsvUpload(page: Page, dialogName: string, fileName: string, csv: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  return dialog;
}
