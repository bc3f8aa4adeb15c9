import { quotablePickupDate } from '../support/quote';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** What a scenario reads and clicks, in each language. */
const WORDS = {
  en: {
    path: '/quote-shipment',
    pickFrom: 'Pickup from address book',
    deliverTo: 'Deliver to address book',
    date: 'Pickup date',
    item: 'Item 1',
    packageType: 'Package type',
    boxes: 'Boxes',
    pallets: 'Pallets',
    length: 'Length',
    width: 'Width',
    height: 'Height',
    weight: 'Weight',
    value: 'Shipment value',
    rate: 'Get rates',
    returned: /quotes? returned/,
    book: /^Book with /,
    pickup: 'Pickup information',
    delivery: 'Delivery information',
    company: /^Company\/location name/,
    street: /^Street address/,
    parcel: 'Parcel',
    quoteAs: 'Quote as',
    dock: 'Is either location residential or does it need a lift-gate?',
    firstCome: 'First come, first serve',
    signature: /^Signature on delivery/,
    dropOff: /^I drop them off at a /,
    ready: /^Ready time/,
    referenceValue: (n: number) => `Reference ${n} number`,
    referenceType: (n: number) => `Reference ${n} type`,
    addReference: 'Add a reference',
    so: 'SO Number',
    accept: /I have read and accept the/,
    submit: 'Book shipment',
    booked: 'Shipment booked',
  },
  es: {
    path: '/quote-shipment',
    pickFrom: 'Recolectar en una dirección de la libreta',
    deliverTo: 'Entregar en una dirección de la libreta',
    date: 'Fecha de recolección',
    item: 'Artículo 1',
    packageType: 'Tipo de empaque',
    boxes: 'Cajas',
    pallets: 'Tarimas',
    length: 'Largo',
    width: 'Ancho',
    height: 'Alto',
    weight: 'Peso',
    value: 'Valor del envío',
    rate: 'Obtener tarifas',
    returned: /cotizaciones? obtenidas?/,
    book: /^Reservar con /,
    pickup: 'Información de recolección',
    delivery: 'Información de entrega',
    company: /^Empresa\/nombre del lugar/,
    street: /^Calle y número/,
    parcel: 'Paquetería',
    quoteAs: 'Cotizar como',
    dock: '¿Alguno de los lugares es residencial o necesita plataforma elevadora?',
    firstCome: 'Por orden de llegada',
    signature: /^Firma en la entrega/,
    dropOff: /^Yo los entrego en una sucursal de /,
    ready: /^Hora lista/,
    referenceValue: (n: number) => `Número de referencia ${n}`,
    referenceType: (n: number) => `Tipo de referencia ${n}`,
    addReference: 'Agregar una referencia',
    so: 'Número de orden de venta (SO)',
    accept: /He leído y acepto el/,
    submit: 'Reservar envío',
    booked: 'Envío reservado',
  },
} as const;
type Language = keyof typeof WORDS;

/** Picks an address book entry in one of the quote form's pickers. */
async function pick(page: Page, label: string, search: string, company: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(search);
  await page
    .getByRole('option', { name: new RegExp(company) })
    .first()
    .click();
}

/**
 * Runs `scenario` signed in as a look-alike of the demo shipper (the demo account's address book
 * and terms) working in `language`, which is their own.
 */
async function inLanguage(page: Page, language: Language, scenario: () => Promise<void>) {
  const shipper = await seedLookAlike('shipper@demo.test', `quote-to-booking-${language}`);
  await logIn(page, shipper.email, { password: shipper.password, settings: { language } });
  await scenario();
}

// Each flow runs once, in one language: the LTL booking in English, the parcel booking in Spanish
// at a phone's width. Both languages go through the quote and the booking screens, and the
// every-page walk reads every screen in both.
{
  const language = 'en';
  const w = WORDS[language];

  test(`${language}: an address picked in the quote arrives in booking`, async ({ page }) => {
    await inLanguage(page, language, async () => {
      await page.goto(w.path);
      await pick(page, w.pickFrom, 'Lakeshore', 'Lakeshore Industrial Supply');
      await pick(page, w.deliverTo, 'Peachtree', 'Peachtree Home Goods');
      await page.getByLabel(w.date).fill(quotablePickupDate());
      const line = page.getByRole('group', { name: w.item });
      await line.getByLabel(w.packageType).selectOption({ label: w.pallets });
      await line.getByLabel(w.length).fill('48');
      await line.getByLabel(w.width).fill('40');
      await line.getByLabel(w.height).fill('48');
      await line.getByLabel(w.weight).fill('600');
      await page.getByLabel(w.value).fill('2000');
      await page.getByRole('button', { name: w.rate }).click();
      await expect(page.getByTestId('rates-count')).toHaveText(w.returned);
      await page.getByTestId('rate-card').first().getByRole('button', { name: w.book }).click();

      const pickup = page.getByRole('group', { name: w.pickup });
      const delivery = page.getByRole('group', { name: w.delivery });
      await expect(pickup.getByLabel(w.company)).toHaveValue('Lakeshore Industrial Supply');
      await expect(pickup.getByLabel(w.street)).toHaveValue('200 E Randolph St');
      await expect(delivery.getByLabel(w.company)).toHaveValue('Peachtree Home Goods');
      await expect(delivery.getByLabel(w.street)).toHaveValue('55 Park Pl NE');
      // Several references, added with the keyboard.
      await page.getByLabel(w.referenceValue(1)).fill('PO-7781');
      await page.getByRole('button', { name: w.addReference }).press('Enter');
      await page.getByLabel(w.referenceType(2)).selectOption({ label: w.so });
      await page.getByLabel(w.referenceValue(2)).fill('SO-5521');
      await snap(page, `quote-to-booking-places-${language}`);
      await page.getByRole('radio', { name: language === 'en' ? 'Yes' : 'Sí' }).check();
      await page.getByRole('checkbox', { name: w.accept }).check();
      await page.getByRole('button', { name: w.submit, exact: true }).click();
      await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
      const refs = page.getByTestId('shipment-refs');
      await expect(refs).toContainText('PO-7781');
      await expect(refs).toContainText('SO-5521');
    });
  });
}

{
  const language = 'es';
  const w = WORDS[language];

  test(`${language}: a parcel booked is asked only parcel questions`, async ({ page }) => {
    await inLanguage(page, language, async () => {
      await page.goto(w.path);
      await page.getByRole('radiogroup', { name: w.quoteAs }).getByText(w.parcel, { exact: true }).click();
      await pick(page, w.pickFrom, 'Lakeshore', 'Lakeshore Industrial Supply');
      await pick(page, w.deliverTo, 'Peachtree', 'Peachtree Home Goods');
      await page.getByLabel(w.date).fill(quotablePickupDate());
      const line = page.getByRole('group', { name: w.item });
      await line.getByLabel(w.packageType).selectOption({ label: w.boxes });
      await line.getByLabel(w.length).fill('12');
      await line.getByLabel(w.width).fill('10');
      await line.getByLabel(w.height).fill('8');
      await line.getByLabel(w.weight).fill('10');
      await page.getByLabel(w.value).fill('100');
      await page.getByRole('button', { name: w.rate }).click();
      await expect(page.getByTestId('rates-count')).toHaveText(w.returned);
      await page.getByTestId('rate-card').first().getByRole('button', { name: w.book }).click();

      await expect(page.getByRole('group', { name: w.pickup }).getByLabel(w.company)).toHaveValue('Lakeshore Industrial Supply');
      await expect(page.getByText(w.dock)).toHaveCount(0);
      await expect(page.getByRole('radio', { name: w.firstCome })).toHaveCount(0);
      await expect(page.getByLabel(w.signature)).toBeVisible();
      await page.getByRole('radio', { name: w.dropOff }).check();
      await expect(page.getByLabel(w.ready)).toHaveCount(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `quote-to-booking-parcel-${language}`);
      await page.getByRole('checkbox', { name: w.accept }).check();
      await page.getByRole('button', { name: w.submit, exact: true }).click();
      await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
      await expect(page.getByTestId('shipment-documents')).toBeVisible();
    });
  });
}
