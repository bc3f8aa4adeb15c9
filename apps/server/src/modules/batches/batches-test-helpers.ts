import { BATCH_CSV_COLUMNS, type BatchView } from '@freight/contracts';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../test/harness';
import { businessDay } from '../shipments/test-helpers';

/** A batch file's header with every column (booking's included). */
export const header = BATCH_CSV_COLUMNS.join(',');

/** A quoted CSV cell (commas and quotes kept). */
const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The cells of a good LTL row from Chicago to Dallas with both places typed in full; `over` changes cells. */
export function bookableCells(t: TestApp, over: Record<string, string> = {}): Record<string, string> {
  const good: Record<string, string> = {
    client_ref: 'PO-1',
    mode: 'ltl',
    pickup_date: businessDay(t),
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
  };
  return { ...good, ...over };
}

/** The CSV line of a good row (bookableCells). */
export function bookableLine(t: TestApp, over: Record<string, string> = {}) {
  const cells = bookableCells(t, over);
  return BATCH_CSV_COLUMNS.map((c) => cell(cells[c] ?? '')).join(',');
}

export async function upload(c: TestClient, csv: string) {
  const res = await c.request({ method: 'POST', url: '/api/batches', payload: csv, headers: { 'content-type': 'text/csv' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BatchView;
}

export async function rate(c: TestClient, id: string) {
  const res = await c.post(`/api/batches/${id}/rate`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
}

export async function bookBatch(c: TestClient, id: string) {
  const res = await c.post(`/api/batches/${id}/book`, { disclaimer_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
}

/** A batch of these lines uploaded and rated. */
export async function ratedBatch(c: TestClient, lines: string[]) {
  const batch = await upload(c, [header, ...lines].join('\n'));
  return rate(c, batch.id);
}
