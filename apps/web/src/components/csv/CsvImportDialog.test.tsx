import { ADDRESS_CSV_COLUMNS, CSV_IMPORT_LIMITS, type CsvImportReport } from '@freight/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import i18n from '../../lib/i18n';
import { jsonResponse, setCookie } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { CsvImportDialog } from './CsvImportDialog';
import { chooseCsvFile } from './testChooseCsvFile';
import { stubXhrWithFetch } from './testXhr';

// The screens are heavy for jsdom; a busy machine needs more than the default second.
const REPORT: CsvImportReport = {
  rows_total: 5,
  rows_valid: 2,
  imported: 0,
  errors: [
    { line: 3, field: 'postal_code', message: 'Enter a valid ZIP or postal code for the country' },
    { line: 4, field: 'company', message: 'validation.required' },
  ],
  duplicates: [
    { line: 5, of: 'book', existing_id: 'a1', duplicate_of_line: null },
    { line: 6, of: 'file', existing_id: null, duplicate_of_line: 2 },
  ],
};

function renderDialog(table: Record<string, unknown>) {
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi(table);
  stubXhrWithFetch();
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <CsvImportDialog
        opened
        onClose={onClose}
        title="Upload addresses"
        importPath="/api/addresses/import"
        templatePath="/api/addresses/template.csv"
        templateFileName="address-book-template.csv"
        savedIn="your address book"
        columns={ADDRESS_CSV_COLUMNS}
        onImported={onImported}
      />
    </Providers>,
  );
  return { fetchMock, onImported, onClose };
}

/** jsdom's File has no text(). */
const readBody = (body: unknown) =>
  typeof body === 'string'
    ? Promise.resolve(body)
    : new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(body as Blob);
      });

const csvFile = (text = 'company,street1\nAcme,1 Main St\n', name = 'book.csv') => new File([text], name, { type: 'text/csv' });

describe('CsvImportDialog', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('explains the rules: commas, the template, duplicates, limits', async () => {
    const { fetchMock } = renderDialog({
      'GET /api/addresses/template.csv': () => new Response('company\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload addresses' });
    expect(within(dialog).getByText(/a comma inside a field .* breaks the row/)).toBeInTheDocument();
    expect(within(dialog).getByText(/a field in double quotes is fine/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Avoid duplicates: rows already in your address book/)).toBeInTheDocument();
    expect(within(dialog).getByText(/At most 10 MB and 50,000 rows per file/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Columns, in order: company, first_name/)).toBeInTheDocument();

    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/addresses/template.csv')).toBe(true);
    click.mockRestore();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { fetchMock } = renderDialog({});
    const dialog = await screen.findByRole('dialog', { name: 'Upload addresses' });
    const big = csvFile('x');
    Object.defineProperty(big, 'size', { value: CSV_IMPORT_LIMITS.max_bytes + 1 });
    await chooseCsvFile(dialog, 'CSV file', big);
    expect(await within(dialog).findByText(/This file is 10.1 MB; the limit is 10 MB. Split it into smaller files/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks with dry_run, lists bad rows and duplicates, then imports and reports', async () => {
    const bodies: string[] = [];
    const { fetchMock, onImported } = renderDialog({
      'POST /api/addresses/import': async (url: string, init?: RequestInit) => {
        bodies.push(await readBody(init?.body));
        return url.includes('dry_run=1') ? jsonResponse(200, REPORT) : jsonResponse(200, { ...REPORT, imported: 2 });
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload addresses' });
    await chooseCsvFile(dialog, 'CSV file', csvFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

    expect(await within(dialog).findByText('5 rows in the file')).toBeInTheDocument();
    expect(within(dialog).getByText('2 rows ready to import')).toBeInTheDocument();
    expect(within(dialog).getByText('2 rows with errors (not imported)')).toBeInTheDocument();
    expect(within(dialog).getByText('2 likely duplicates (not imported)')).toBeInTheDocument();
    const errors = within(dialog).getByRole('region', { name: 'Rows with errors' });
    expect(
      within(errors)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['LineColumnReason', '3postal_codeEnter a valid ZIP or postal code for the country', '4companyField is required']);
    const dups = within(dialog).getByRole('region', { name: 'Likely duplicates' });
    expect(
      within(dups)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['LineDuplicate of', '5An entry already in your address book', '6Line 2 of this file']);

    const [call] = fetchMock.mock.calls;
    expect(call?.[0]).toBe('/api/addresses/import?dry_run=1');
    const headers = new Headers(call?.[1]?.headers);
    expect(headers.get('Content-Type')).toBe('text/csv');
    expect(headers.get('X-XSRF-TOKEN')).toBe('t');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(bodies[0]).toBe('company,street1\nAcme,1 Main St\n');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    expect(await within(dialog).findByText('2 rows imported.')).toBeInTheDocument();
    expect(within(dialog).getByText('Rows with errors or duplicates were skipped: 3.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/addresses/import');
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ imported: 2 }));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('says an over-limit answer plainly (413 and 422)', async () => {
    let status = 413;
    renderDialog({
      'POST /api/addresses/import': () =>
        status === 413
          ? new Response('', { status: 413 })
          : jsonResponse(422, {
              message: 'The file has more than 50,000 rows.',
              errors: { file: ['The file has more than 50,000 rows.'] },
            }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload addresses' });
    await chooseCsvFile(dialog, 'CSV file', csvFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText(/The file is over the 10 MB limit/)).toBeInTheDocument();
    status = 422;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file has more than 50,000 rows.');
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderDialog({ 'POST /api/addresses/import': () => jsonResponse(200, REPORT) });
    const dialog = await screen.findByRole('dialog', { name: 'Upload addresses' });
    expect(within(dialog).getByText(/una coma dentro de un campo/)).toBeInTheDocument();
    // The file field is worded in the page's language, not the browser's ("Choose File").
    const field = within(dialog).getByRole('button', { name: 'Archivo CSV' });
    expect(field).toHaveTextContent('Elija un archivo .csv');
    await chooseCsvFile(dialog, 'Archivo CSV', csvFile());
    expect(field).toHaveTextContent(csvFile().name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
    expect(await within(dialog).findByText('5 filas en el archivo')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 2 filas' })).toBeEnabled();
  });
});
