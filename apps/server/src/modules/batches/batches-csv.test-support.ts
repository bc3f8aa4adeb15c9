import { BATCH_CSV_COLUMNS } from '@freight/contracts';

/**
 * A batch file's rows for tests, the API's and the browser scenarios' alike (no test runner here,
 * so Playwright may import it too).
 */

/** A batch file's header with every column (booking's included). */
export const header = BATCH_CSV_COLUMNS.join(',');

/** A quoted CSV cell (commas and quotes kept). */
const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The cells of a good LTL row from Chicago to Dallas picked up on `pickupDate`, both places typed in full; `over` changes cells. */
export function goodRowCells(pickupDate: string, over: Record<string, string> = {}): Record<string, string> {
  return {
    client_ref: 'PO-1',
    mode: 'ltl',
    pickup_date: pickupDate,
    origin_postal_code: '60606',
    origin_country: 'US',
    destination_postal_code: '75201',
    destination_country: 'US',
    package_type: 'pallets',
    quantity: '1',
    length: '48',
    width: '40',
    height: '48',
    weight: '500',
    insured_value: '1000',
    origin_company: 'Acme Chicago Dock',
    origin_street: '233 S Wacker Dr',
    origin_city: 'Chicago',
    origin_state: 'IL',
    origin_contact_name: 'Ann Lee',
    origin_contact_phone: '(312) 555-0101',
    origin_contact_email: 'ann.lee@acme.example',
    destination_company: 'Dallas Receiving LLC',
    destination_street: '2200 Ross Ave',
    destination_city: 'Dallas',
    destination_state: 'TX',
    destination_contact_name: 'Raul Ortiz',
    destination_contact_phone: '(214) 555-0177',
    destination_contact_email: 'raul@dallas-receiving.example',
    references: 'po_number:PO-1;ABC-9',
    ...over,
  };
}

/** A row's cells as a line of the file, in the header's order. */
export const csvLine = (cells: Record<string, string>) => BATCH_CSV_COLUMNS.map((c) => cell(cells[c] ?? '')).join(',');
