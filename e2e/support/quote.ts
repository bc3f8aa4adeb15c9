import { expect, type Page } from '@playwright/test';
import { openInPortal } from './navigate';

/**
 * Holidays on a fixed date (MM-DD) in the United States, Canada and Mexico; the moving ones fall
 * on Mondays, Thursdays or Fridays.
 */
const FIXED_HOLIDAYS = ['01-01', '05-01', '06-19', '07-01', '07-04', '09-16', '09-30', '11-11', '12-25', '12-26'];

/**
 * A pickup date every carrier quotes from any of the three countries: a Tuesday about two weeks
 * out that is not a fixed-date holiday, as 'YYYY-MM-DD'.
 */
export function quotablePickupDate(from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 14));
  for (;;) {
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() === 2 && !FIXED_HOLIDAYS.includes(iso.slice(5))) return iso;
    d.setUTCDate(d.getUTCDate() + 1);
  }
}

export interface Lane {
  from: string;
  to: string;
}

/** Fills the places and the date of the shipment details form. */
export async function fillLane(page: Page, lane: Lane) {
  await page.getByLabel('Pickup zip / postal code').fill(lane.from);
  await page.getByLabel('Delivery zip / postal code').fill(lane.to);
  await page.getByLabel('Pickup date').fill(quotablePickupDate());
}

const STOP_WORDS = {
  en: { add: 'Add a stop', code: (n: number) => `Stop ${n} ZIP or postal code` },
  es: { add: 'Agregar una parada', code: (n: number) => `Código postal de la parada ${n}` },
} as const;

/** Adds a truckload's extra drops, in route order, by postal code (TruckloadStops). */
export async function addStops(page: Page, postalCodes: readonly string[], language: keyof typeof STOP_WORDS = 'en') {
  const words = STOP_WORDS[language];
  const section = page.getByTestId('truckload-stops');
  for (const [i, code] of postalCodes.entries()) {
    await section.getByRole('button', { name: words.add }).click();
    await section.getByLabel(words.code(i + 1)).fill(code);
  }
}

export interface Truckload {
  to: string;
  quantity: string;
  weight: string;
  value: string;
  /** Extra drops' postal codes, in route order. */
  stops?: readonly string[];
}

/** On /truckload: a dry van of 48 x 40 x 48 pallets from Chicago 60601, rated. */
export async function rateTruckload(page: Page, q: Truckload) {
  await openInPortal(page, '/truckload');
  await fillLane(page, { from: '60601', to: q.to });
  await page.getByLabel('Equipment type').selectOption({ label: 'Dry van' });
  const line = await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: q.weight });
  await line.getByLabel('Quantity').fill(q.quantity);
  await page.getByLabel('Shipment value').fill(q.value);
  if (q.stops) await addStops(page, q.stops);
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
}

export interface Pallets {
  to: string;
  quantity: string;
  /** Inches; 48 unless told. */
  height?: string;
  weight: string;
  value: string;
}

/** On Quote & Ship: `quantity` pallets of 48 x 40 (x 48 unless told) and `weight` lb each from Chicago 60601, rated. */
export async function ratePallets(page: Page, q: Pallets) {
  await openInPortal(page, '/quote-shipment');
  await fillLane(page, { from: '60601', to: q.to });
  const unit = { packageType: 'Pallets', length: '48', width: '40', height: q.height ?? '48', weight: q.weight };
  const line = await fillItem(page, 0, unit);
  await line.getByLabel('Quantity').fill(q.quantity);
  await page.getByLabel('Shipment value').fill(q.value);
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
}

export interface Unit {
  packageType: string;
  length: string;
  width: string;
  height: string;
  weight: string;
}

/** Fills the n-th item line (0-based). */
export async function fillItem(page: Page, n: number, unit: Unit) {
  const line = page.getByRole('group', { name: `Item ${n + 1}` });
  await line.getByLabel('Package type').selectOption({ label: unit.packageType });
  await line.getByLabel('Length').fill(unit.length);
  await line.getByLabel('Width').fill(unit.width);
  await line.getByLabel('Height').fill(unit.height);
  await line.getByLabel('Weight').fill(unit.weight);
  return line;
}

/** The totals of the rate cards, in the order shown. */
export async function shownTotals(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('rate-total').allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, '')));
}

/** The carrier names of the rate cards, in the order shown. */
export async function shownCarriers(page: Page): Promise<string[]> {
  return page.locator('article h2').allTextContents();
}

export async function expectRates(page: Page) {
  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ quotes? returned$/);
}
