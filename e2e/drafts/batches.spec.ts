import { readFileSync } from 'node:fs';
import { activate, expectFocusTrapped, retype, tabTo } from '../support/keyboard';
import { quotablePickupDate } from '../support/quote';
import { logIn, restorePreferences, setPreferences, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Shipping at volume: the demo shipper uploads a 25-row batch file with two bad rows, reads both
 * problems by line and column, fixes one in place with the keyboard alone, rates the batch while
 * its progress bar fills, books the good rows and downloads their bills of lading and labels as
 * one PDF. In English, and in Spanish at phone width.
 */

const WORDS = {
  en: {
    title: 'Batches',
    form: 'Upload a batch',
    file: 'CSV file',
    upload: 'Upload',
    problems: '2 rows have problems. Fix them in the table below.',
    errors: 'Rows with errors',
    fix: (name: string) => `Fix line ${name}`,
    height: /^Height \(in\)/,
    save: 'Save and check',
    rate: 'Rate 24 rows',
    progress: /^Rated \d+ of 24 rows$/,
    book: 'Book 24 shipments',
    bookDialog: 'Book the batch',
    summary: /^Book 24 shipments for .+ in all\?$/,
    disclaimer: /^I have read and accept the booking disclaimer/,
    booked: 'Booked shipments',
    documents: 'Download bills of lading and labels (PDF)',
    shipment: /^Shipment /,
  },
  es: {
    title: 'Lotes',
    form: 'Subir un lote',
    file: 'Archivo CSV',
    upload: 'Subir',
    problems: '2 filas tienen problemas. Corríjalas en la tabla de abajo.',
    errors: 'Filas con errores',
    fix: (name: string) => `Corregir línea ${name}`,
    height: /^Alto \(in\)/,
    save: 'Guardar y revisar',
    rate: 'Cotizar 24 filas',
    progress: /^Cotizadas \d+ de 24 filas$/,
    book: 'Reservar 24 envíos',
    bookDialog: 'Reservar el lote',
    summary: /^¿Reservar 24 envíos por .+ en total\?$/,
    disclaimer: /^He leído y acepto el aviso legal de la reserva/,
    booked: 'Envíos reservados',
    documents: 'Descargar conocimientos de embarque y etiquetas (PDF)',
    shipment: /^Envío /,
  },
} as const;

/** Every column rating needs (empty ones take their defaults), and the address book's names for booking. */
const COLUMNS = [
  'client_ref',
  'mode',
  'pickup_date',
  'origin_postal_code',
  'origin_country',
  'origin_site_type',
  'destination_postal_code',
  'destination_country',
  'destination_site_type',
  'package_type',
  'quantity',
  'length',
  'width',
  'height',
  'weight',
  'freight_class',
  'stackable',
  'hazardous',
  'insured_value',
  'equipment_type',
  'origin_address_name',
  'destination_address_name',
] as const;

/**
 * 25 shipments from the demo's Chicago warehouse to its Dallas customer (both in the shipper's
 * address book); line 5 has no height and line 12 a weight that is no number.
 */
function batchFile(tag: string) {
  const date = quotablePickupDate();
  const lines = Array.from({ length: 25 }, (_, i) => {
    const line = i + 2;
    const cells: Record<(typeof COLUMNS)[number], string> = {
      client_ref: `${tag}-${line}`,
      mode: 'ltl',
      pickup_date: date,
      origin_postal_code: '60601',
      origin_country: 'US',
      origin_site_type: 'business',
      destination_postal_code: '75201',
      destination_country: 'US',
      destination_site_type: 'business',
      package_type: 'pallets',
      quantity: '1',
      length: '48',
      width: '40',
      height: line === 5 ? '' : '48',
      weight: line === 12 ? 'heavy' : String(400 + i * 10),
      freight_class: '',
      stackable: 'yes',
      hazardous: 'no',
      insured_value: '1500',
      equipment_type: '',
      origin_address_name: 'Lakeshore Industrial Supply',
      destination_address_name: 'Trinity Restaurant Equipment',
    };
    return COLUMNS.map((c) => cells[c]).join(',');
  });
  return [COLUMNS.join(','), ...lines].join('\n');
}

for (const language of ['en', 'es'] as const) {
  test(`a shipper uploads a 25-row batch with two bad rows, fixes one in place, rates, books and downloads the papers (${language})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const w = WORDS[language];
    const tag = `B${language.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    await logIn(page, 'shipper@demo.test');
    try {
      if (language === 'es') {
        await setPreferences(page, { language: 'es' });
        await page.setViewportSize({ width: 390, height: 844 });
      }
      await page.goto('/batches');
      await expect(page.getByRole('heading', { name: w.title, level: 1 })).toBeVisible();
      const form = page.getByRole('form', { name: w.form });
      await form.getByLabel(w.file).setInputFiles({ name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(batchFile(tag)) });
      await form.getByRole('button', { name: w.upload, exact: true }).click();

      // The batch's page: both problems by line and column.
      await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
      await expect(page.getByText(w.problems)).toBeVisible();
      const errors = page.getByRole('region', { name: w.errors });
      await expect(errors.getByRole('row').filter({ hasText: 'height' })).toContainText('5');
      await expect(errors.getByRole('row').filter({ hasText: 'weight' })).toContainText('12');
      await snap(page, `batch-problems-${language}`);

      // Line 5 fixed in place, by keyboard: the dialog opens on the field in error, keeps focus, and gives it back.
      const fix = page.getByRole('button', { name: w.fix(`5 (${tag}-5)`) });
      await fix.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: w.fix(`5 (${tag}-5)`) });
      const height = dialog.getByLabel(w.height);
      await expect(height).toBeFocused();
      await expect(height).toHaveAttribute('aria-invalid', 'true');
      await expectFocusTrapped(page, dialog, 6);
      await retype(page, height, '48');
      await activate(page, dialog.getByRole('button', { name: w.save }));
      await expect(dialog).toBeHidden();
      await expect(fix).toBeFocused();
      await expect(errors.getByRole('row').filter({ hasText: 'height' })).toHaveCount(0);

      // Rating fills the progress bar as the rows are saved.
      const rate = page.getByRole('button', { name: w.rate });
      await tabTo(page, rate, { back: true, max: 80 });
      await page.keyboard.press('Enter');
      const book = page.getByRole('button', { name: w.book });
      // The bar shows while the rows are rated (at 0% it has no width to be seen); a fast rating may end first.
      await expect(page.getByRole('progressbar', { name: w.progress }).or(book).first()).toBeAttached();
      await snap(page, `batch-rating-${language}`);
      await expect(book).toBeVisible({ timeout: 120_000 });

      // Booking says how many and the total, and needs the disclaimer.
      await book.click();
      const confirm = page.getByRole('dialog', { name: w.bookDialog });
      await expect(confirm.getByText(w.summary)).toBeVisible();
      await confirm.getByRole('checkbox', { name: w.disclaimer }).check();
      await snap(page, `batch-book-${language}`);
      await confirm.getByRole('button', { name: w.book }).click();
      const booked = page.getByRole('region', { name: w.booked });
      await expect(booked).toBeVisible({ timeout: 120_000 });
      await expect(page.getByRole('link', { name: w.shipment }).first()).toBeVisible();
      await snap(page, `batch-booked-${language}`);

      const [download] = await Promise.all([page.waitForEvent('download'), booked.getByRole('button', { name: w.documents }).click()]);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      if (language === 'es') await restorePreferences(page, { language: 'en' });
    }
  });
}
