import { expect, type Locator, type Page } from '@playwright/test';
import { openInPortal } from './navigate';
import { chooseNewCard } from './payment';
import { addStops, quotablePickupDate } from './quote';

export interface Party {
  company: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  street: string;
}

export const LAKESHORE: Party = {
  company: 'Lakeshore Fixtures',
  first: 'Maria',
  last: 'Lopez',
  email: 'dock@lakeshore.test',
  phone: '(312) 555-0110',
  street: '200 E Randolph St',
};

export const PEACHTREE: Party = {
  company: 'Peachtree Supply',
  first: 'James',
  last: 'Carter',
  email: 'receiving@peachtree.test',
  phone: '(404) 555-0120',
  street: '55 Park Pl NE',
};

const LABELS = {
  en: {
    company: 'Company/location name',
    first: 'First name',
    last: 'Last name',
    email: 'Email',
    phone: 'Phone',
    street: 'Street address',
  },
  es: {
    company: 'Empresa/nombre del lugar',
    first: 'Nombre',
    last: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    street: 'Calle y número',
  },
} as const;

/** Fills the contact and street of one end of the booking (the postal code comes from the quote). */
export async function fillPlace(place: Locator, p: Party, language: keyof typeof LABELS = 'en') {
  const label = LABELS[language];
  for (const field of ['company', 'first', 'last', 'email', 'phone', 'street'] as const) {
    // The whole label, with the required mark if any ('Nombre' is also part of 'Empresa/nombre del lugar').
    await place.getByLabel(new RegExp(`^${label[field].replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)).fill(p[field]);
  }
}

const BOOKING_WORDS = {
  en: {
    book: /^Book with /,
    pickup: 'Pickup information',
    delivery: 'Delivery information',
    accept: /I have read and accept the/,
    submit: 'Book shipment',
    stop: 'Stop',
  },
  es: {
    book: /^Reservar con /,
    pickup: 'Información de recolección',
    delivery: 'Información de entrega',
    accept: /He leído y acepto el/,
    submit: 'Reservar envío',
    stop: 'Parada',
  },
} as const;

/** An extra stop's place: a drop in Indianapolis 46204. */
export const CIRCLE_CITY: Party = {
  company: 'Circle City Foods',
  first: 'Dana',
  last: 'Price',
  email: 'dock@circlecity.test',
  phone: '(317) 555-0142',
  street: '1 Monument Cir',
};

/**
 * On the rate results: books the first rate from Lakeshore to Peachtree (no residential or
 * lift-gate, disclaimer accepted), a truckload's extra stops at `stops` in route order (their
 * day and window as offered), and submits; the caller checks the confirmation.
 */
export async function bookFirstRate(page: Page, language: keyof typeof BOOKING_WORDS = 'en', stops: readonly Party[] = []) {
  const words = BOOKING_WORDS[language];
  await page.getByTestId('rate-card').first().getByRole('button', { name: words.book }).click();
  await fillPlace(page.getByRole('group', { name: words.pickup }), LAKESHORE, language);
  await fillPlace(page.getByRole('group', { name: words.delivery }), PEACHTREE, language);
  for (const [i, stop] of stops.entries()) {
    await fillPlace(page.getByRole('group', { name: new RegExp(`^${words.stop} ${i + 1} · `) }), stop, language);
  }
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('checkbox', { name: words.accept }).check();
  await page.getByRole('button', { name: words.submit, exact: true }).click();
}

export interface SpanishQuote {
  /** The quote page's path: '/quote-shipment', '/quote' or '/truckload'. */
  path: string;
  to: string;
  quantity?: string;
  height?: string;
  weight: string;
  value: string;
  /** Truckload: the equipment type's Spanish name. */
  equipment?: string;
  /** Truckload: extra drops' postal codes, in route order. */
  stops?: readonly string[];
}

/** In Spanish: a quote of 48 x 40 pallets from Chicago 60601, rated on its page. */
export async function rateInSpanish(page: Page, q: SpanishQuote) {
  await openInPortal(page, q.path);
  await page.getByLabel('Código postal de recolección').fill('60601');
  await page.getByLabel('Código postal de entrega').fill(q.to);
  await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
  if (q.equipment) await page.getByLabel('Tipo de equipo').selectOption({ label: q.equipment });
  const line = page.getByRole('group', { name: 'Artículo 1' });
  await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  if (q.quantity) await line.getByLabel('Cantidad').fill(q.quantity);
  await line.getByLabel('Largo').fill('48');
  await line.getByLabel('Ancho').fill('40');
  await line.getByLabel('Alto').fill(q.height ?? '48');
  await line.getByLabel('Peso').fill(q.weight);
  await page.getByLabel('Valor del envío').fill(q.value);
  if (q.stops) await addStops(page, q.stops, 'es');
  await page.getByRole('button', { name: 'Obtener tarifas' }).click();
  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ cotizaciones? obtenidas?$/);
}

/**
 * In Spanish: quotes pallets of `weight` lb Chicago 60601 -> Atlanta 30303 on Quote & Ship and
 * books the first rate (bookFirstRate).
 */
export async function quoteAndBookInSpanish(page: Page, weight: string) {
  await rateInSpanish(page, { path: '/quote-shipment', to: '30303', weight, value: '2000' });
  await bookFirstRate(page, 'es');
}

const CARD_WORDS = {
  en: { payNow: 'Pay Now', cardholder: 'Name on card', number: 'Card number', month: 'Expiry month', year: 'Expiry year', pay: /^Pay / },
  es: {
    payNow: 'Pagar ahora',
    cardholder: 'Nombre en la tarjeta',
    number: 'Número de tarjeta',
    month: 'Mes de venc.',
    year: 'Año de venc.',
    pay: /^Pagar /,
  },
} as const;

/**
 * On a prepaid booking awaiting payment (its confirmation or its page): Pay Now with a card,
 * the test processor's approved 4242 4242 4242 4242 unless told; the caller checks the outcome.
 */
export async function payByCard(page: Page, language: keyof typeof CARD_WORDS = 'en', number = '4242 4242 4242 4242') {
  const w = CARD_WORDS[language];
  await page.getByRole('button', { name: w.payNow }).click();
  const dialog = page.getByRole('dialog');
  await chooseNewCard(dialog);
  await dialog.getByLabel(w.cardholder).fill('Paula Prepaid');
  await dialog.getByLabel(w.number).fill(number);
  await dialog.getByLabel(w.month).selectOption('12');
  await dialog.getByLabel(w.year).selectOption(String(new Date().getFullYear() + 2));
  await dialog.getByLabel(/CVC/).first().fill('123');
  await dialog.getByRole('button', { name: w.pay }).click();
}
