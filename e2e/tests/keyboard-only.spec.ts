import { readFile } from 'node:fs/promises';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { LAKESHORE, type Party, PEACHTREE } from '../support/booking';
import { freshEmail } from '../support/flows';
import {
  activate,
  chooseNative,
  chooseOption,
  expectFocusTrapped,
  expectVisibleFocus,
  retype,
  startingWith,
  tabTo,
  typeInto,
} from '../support/keyboard';
import { chooseNewCardByKeyboard } from '../support/payment';
import { seedLookAlike, seedShipment, startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { asksSecondFactor, enterAuthenticatorCode, passwordStepAnswer, setPreferences } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The main journeys without a mouse: Tab, Shift+Tab, typing, Enter, Space, arrows and Escape.
 * Locators only say where focus must land and what must show; every stop on the way must show
 * its focus (support/keyboard.ts).
 */

const WORDS = {
  en: {
    email: /^Email/,
    password: /^Password/,
    logIn: 'Log in',
    pickupCode: 'Pickup zip / postal code',
    deliveryCode: 'Delivery zip / postal code',
    item: 'Item 1',
    packageType: 'Package type',
    pallets: 'Pallets',
    length: 'Length',
    width: 'Width',
    height: 'Height',
    weight: 'Weight',
    value: 'Shipment value',
    getRates: 'Get rates',
    rated: /^\d+ quotes? returned$/,
    bookWith: /^Book with /,
    pickup: 'Pickup information',
    delivery: 'Delivery information',
    place: {
      company: 'Company/location name',
      first: 'First name',
      last: 'Last name',
      email: 'Email',
      phone: 'Phone',
      street: 'Street address',
    },
    no: 'No',
    disclaimerLink: 'booking disclaimer',
    disclaimerTitle: 'Booking disclaimer',
    accept: 'Accept',
    acceptBox: /I have read and accept the/,
    book: 'Book shipment',
    booked: 'Shipment booked',
    downloadBol: 'Download Bill of Lading',
    nav: 'Main navigation',
    invoices: 'Invoices',
    selectInvoice: (n: string) => `Select invoice ${n}`,
    payTwo: 'Pay 2 selected invoices',
    paySelected: /^Pay (\d+ )?selected/,
    cardholder: /^Name on card/,
    cardNumber: /^Card number/,
    month: /^Expiry month/,
    year: /^Expiry year/,
    cvc: /CVC/,
    pay: /^Pay \$/,
    paid: /^Payment of \$[\d,.]+ received/,
    chat: 'Chat with support',
    newConversation: 'New conversation',
    category: 'Issue category',
    shipping: 'Shipping',
    message: 'Message',
    send: 'Send',
    search: 'BOL, PRO, pickup, tracking or reference number',
    addEvent: 'Add tracking event',
    eventDialog: 'Add a tracking event',
    eventReason: 'Reason',
    city: 'City',
    state: 'State',
    reads: 'What the shipper reads',
    why: 'Why you record it by hand (for the audit log)',
    submitEvent: 'Add event',
    audit: 'Audit log',
    eventAdded: 'Tracking event added',
  },
  es: {
    email: /^Correo electrónico/,
    password: /^Contraseña/,
    logIn: 'Iniciar sesión',
    pickupCode: 'Código postal de recolección',
    deliveryCode: 'Código postal de entrega',
    item: 'Artículo 1',
    packageType: 'Tipo de empaque',
    pallets: 'Tarimas',
    length: 'Largo',
    width: 'Ancho',
    height: 'Alto',
    weight: 'Peso',
    value: 'Valor del envío',
    getRates: 'Obtener tarifas',
    rated: /^\d+ cotizaciones? obtenidas?$/,
    bookWith: /^Reservar con /,
    pickup: 'Información de recolección',
    delivery: 'Información de entrega',
    place: {
      company: 'Empresa/nombre del lugar',
      first: 'Nombre',
      last: 'Apellido',
      email: 'Correo electrónico',
      phone: 'Teléfono',
      street: 'Calle y número',
    },
    no: 'No',
    disclaimerLink: 'aviso legal de la reserva',
    disclaimerTitle: 'Aviso legal de la reserva',
    accept: 'Aceptar',
    acceptBox: /He leído y acepto el/,
    book: 'Reservar envío',
    booked: 'Envío reservado',
    downloadBol: 'Descargar Conocimiento de embarque (BOL)',
    nav: 'Navegación principal',
    invoices: 'Facturas',
    selectInvoice: (n: string) => `Seleccionar la factura ${n}`,
    payTwo: 'Pagar 2 facturas seleccionadas',
    paySelected: /^Pagar (\d+ facturas? )?seleccionadas?/,
    cardholder: /^Nombre en la tarjeta/,
    cardNumber: /^Número de tarjeta/,
    month: /^Mes de venc\./,
    year: /^Año de venc\./,
    cvc: /CVC/,
    pay: /^Pagar (USD|\$)/,
    paid: /^Recibimos su pago de/,
    chat: 'Chatear con soporte',
    newConversation: 'Nueva conversación',
    category: 'Categoría del problema',
    shipping: 'Envíos',
    message: 'Mensaje',
    send: 'Enviar',
    search: 'Número de BOL, PRO, recolección, rastreo o referencia',
    addEvent: 'Agregar evento de rastreo',
    eventDialog: 'Agregar un evento de rastreo',
    eventReason: 'Motivo',
    city: 'Ciudad',
    state: 'Estado',
    reads: 'Lo que lee el remitente',
    why: 'Por qué lo registra a mano (para el registro de auditoría)',
    submitEvent: 'Agregar evento',
    audit: 'Registro de auditoría',
    eventAdded: 'Evento de rastreo agregado',
  },
} as const;

type Language = keyof typeof WORDS;
type Words = (typeof WORDS)[Language];

/** A label exactly, with the required mark if any ('Nombre' is also the start of other labels). */
const label = (text: string) => new RegExp(`^${text.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/**
 * Signs in from the login page with the keyboard as `user`, or as a look-alike of the demo user
 * `user` names (a user of the scenario's own, seeded here); in Spanish the guest first chooses
 * Spanish with the language switch in the page's header (arrow keys move through its options), and
 * the user's language is set to Spanish for the rest of the scenario.
 */
async function signIn(page: Page, user: string | { email: string; password: string }, language: Language) {
  const { email, password } = typeof user === 'string' ? await seedLookAlike(user, `keyboard-${user.split('@')[0]}`) : user;
  const w = WORDS[language];
  await page.goto('/login');
  if (language === 'es') {
    await tabTo(page, page.getByRole('radio', { name: 'English' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
  }
  await typeInto(page, page.getByLabel(w.email), email);
  await typeInto(page, page.getByLabel(w.password), password);
  const answer = passwordStepAnswer(page);
  await activate(page, page.getByRole('button', { name: w.logIn, exact: true }));
  // Staff go on to the second step: the authenticator's code, typed too.
  if (await asksSecondFactor(await answer)) {
    await enterAuthenticatorCode(page, email, undefined, async (p, code) => {
      await retype(p, p.getByLabel(/^(Authentication code|Código de autenticación)/), code);
      await activate(p, p.getByRole('button', { name: /^(Verify|Verificar)$/ }));
    });
  }
  await expect(page).not.toHaveURL(/\/login/);
  if (language === 'es') await setPreferences(page, { language: 'es' });
}

/** Types a party's contact and street into one end of the booking, field after field. */
async function typePlace(page: Page, group: string, party: Party, w: Words) {
  const place = page.getByRole('group', { name: group });
  for (const field of ['company', 'first', 'last', 'email', 'phone', 'street'] as const) {
    await retype(page, place.getByLabel(label(w.place[field])), party[field]);
  }
}

/**
 * Each flow runs once, in one language: the keyboard path is the same in both, and the every-page
 * walk (a11y-every-page.spec.ts) reads every screen in both. The Spanish flows also choose Spanish
 * on the login page with the keyboard.
 */
const FLOW_LANGUAGE: Record<'booking' | 'invoices' | 'chat' | 'staff', Language> = {
  booking: 'en',
  invoices: 'es',
  chat: 'es',
  staff: 'en',
};

for (const language of ['en', 'es'] as const) {
  const w = WORDS[language];
  const runs = (flow: keyof typeof FLOW_LANGUAGE) => FLOW_LANGUAGE[flow] === language;

  test.describe(`keyboard only (${language})`, () => {
    if (runs('booking'))
      test('a shipper quotes an LTL shipment, picks a rate, books it and downloads the bill of lading', async ({ page }) => {
        // The whole booking typed key by key: 2 minutes in CI beside the other lanes, in English.
        test.setTimeout(240_000);
        await signIn(page, 'shipper@demo.test', language);
        await page.goto('/quote-shipment');
        await retype(page, page.getByLabel(w.pickupCode), '60601');
        await retype(page, page.getByLabel(w.deliveryCode), '30303');
        const line = page.getByRole('group', { name: w.item });
        // The pickup date the server proposes stays; Tab goes through the date field and out of it.
        await chooseNative(page, line.getByLabel(w.packageType), w.pallets);
        await retype(page, line.getByLabel(w.length), '48');
        await retype(page, line.getByLabel(w.width), '40');
        await retype(page, line.getByLabel(w.height), '48');
        await retype(page, line.getByLabel(w.weight), '500');
        await retype(page, page.getByLabel(w.value), '2000');
        await activate(page, page.getByRole('button', { name: w.getRates }));
        await expect(page.getByTestId('rates-count')).toHaveText(w.rated);

        // From the results, forwards through the first card to its Book button.
        await activate(page, page.getByTestId('rate-card').first().getByRole('button', { name: w.bookWith }));
        await typePlace(page, w.pickup, LAKESHORE, w);
        await typePlace(page, w.delivery, PEACHTREE, w);
        // The residential question comes answered from the quote: its group is one Tab stop, on 'No'.
        const notResidential = page.getByRole('radio', { name: w.no, exact: true });
        await tabTo(page, notResidential);
        await expect(notResidential).toBeChecked();

        // The disclaimer opens as a dialog that holds the keyboard, and gives focus back on close.
        const disclaimerLink = page.getByRole('button', { name: w.disclaimerLink, exact: true });
        await activate(page, disclaimerLink);
        const disclaimer = page.getByRole('dialog', { name: w.disclaimerTitle });
        await expect(disclaimer).toBeVisible();
        await expectFocusTrapped(page, disclaimer, 4);
        await activate(page, disclaimer.getByRole('button', { name: w.accept, exact: true }));
        await expect(disclaimer).toBeHidden();
        await expect(disclaimerLink).toBeFocused();
        await expect(page.getByRole('checkbox', { name: w.acceptBox })).toBeChecked();

        await activate(page, page.getByRole('button', { name: w.book, exact: true }));
        await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
        const bol =
          (
            (await page
              .getByText(/\d{17}/)
              .first()
              .textContent()) ?? ''
          ).match(/\d{17}/)?.[0] ?? '';
        expect(bol).toMatch(/^\d{17}$/);

        const downloading = page.waitForEvent('download');
        await activate(page, page.getByRole('button', { name: w.downloadBol, exact: true }));
        const download = await downloading;
        expect(download.suggestedFilename()).toContain(bol);
        const [first] = await pdfPages(await readFile((await download.path()) ?? ''));
        expect(first?.text.replace(/\s+/g, ' ')).toContain('Peachtree Supply');
      });

    if (runs('invoices'))
      test('a shipper pays two open invoices by card', async ({ page, browser }) => {
        // A company of its own on terms, its two shipments delivered: two open invoices of its own to pay.
        const shipper = { email: freshEmail('keyboard-invoices'), password: 'Keyboard#2026', company: uniqueCompanyName('Keyboard') };
        const setup = await browser.newPage();
        const company = await startAsNewCompany(setup, shipper, { onCredit: true });
        for (const _ of [0, 1]) await seedShipment(setup, company, { delivered: true });
        await setup.context().close();
        await signIn(page, shipper, language);
        await page.goto('/quote-shipment');
        await activate(page, page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.invoices, exact: true }));
        await expect(page).toHaveURL(/\/my-invoices$/);
        // Rows with a balance to pay (a credit's box is disabled).
        const rows = page.getByTestId('invoice-row').filter({ has: page.getByRole('checkbox', { disabled: false }) });
        await expect(rows.first()).toBeVisible();
        const numbers = [];
        for (const n of [0, 1]) numbers.push(((await rows.nth(n).getByRole('link').first().textContent()) ?? '').trim());
        for (const number of numbers) {
          const box = page.getByRole('checkbox', { name: w.selectInvoice(number) });
          await tabTo(page, box);
          await page.keyboard.press(' ');
          await expect(box).toBeChecked();
        }
        // The pay button sits above the table: back up to it.
        await tabTo(page, page.getByRole('button', { name: w.payTwo }), { back: true });
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(numbers[1] ?? '');
        await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        // A saved card would be offered first; the card here is typed.
        await chooseNewCardByKeyboard(page, dialog);
        await typeInto(page, dialog.getByLabel(w.cardholder), 'Dana Shipper');
        await typeInto(page, dialog.getByLabel(w.cardNumber), '4242 4242 4242 4242');
        await chooseNative(page, dialog.getByLabel(w.month), '12');
        await chooseNative(page, dialog.getByLabel(w.year), String(new Date().getFullYear() + 2));
        await typeInto(page, dialog.getByLabel(w.cvc).first(), '123');
        await activate(page, dialog.getByRole('button', { name: w.pay }));
        await expect(page.getByText(w.paid)).toBeVisible();
        await expect(dialog).toHaveCount(0);
        for (const number of numbers) await expect(page.getByRole('link', { name: number, exact: true })).toHaveCount(0);
        // Focus comes back to where the payment started, not to the top of the page.
        await expect(page.getByRole('button', { name: w.paySelected })).toBeFocused();
        await expectVisibleFocus(page);
      });

    if (runs('chat'))
      test('a shipper opens the chat and sends a message', async ({ page }) => {
        await signIn(page, 'shipper@demo.test', language);
        await page.goto('/my-shipments');
        // Its name carries the count of unread replies, if any.
        const launcher = page.getByRole('button', { name: startingWith(w.chat) });
        await activate(page, launcher);
        const chat = page.getByRole('dialog', { name: w.chat });
        await expect(chat).toBeVisible();
        await expect.poll(() => chat.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        const newConversation = chat.getByRole('button', { name: w.newConversation });
        await activate(page, newConversation);
        await chooseOption(page, chat.getByRole('combobox', { name: w.category }), w.shipping);
        const text = `Keyboard only (${language}): can the driver call before arriving?`;
        await typeInto(page, chat.getByLabel(w.message), text);
        await activate(page, chat.getByRole('button', { name: w.send, exact: true }));
        await expect(chat.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
        // The panel lets the keyboard go: Escape closes it and focus is back on its button.
        await page.keyboard.press('Escape');
        await expect(chat).toBeHidden();
        await expect(launcher).toBeFocused();
        await expectVisibleFocus(page);
      });

    if (runs('staff'))
      test('staff find a shipment and add a tracking event', async ({ page }) => {
        await signIn(page, 'super@demo.test', language);
        // Any shipment still on its way (the staff search's API): earlier scenarios' events move
        // shipments between these statuses.
        const found = await page.request.get('/api/admin/shipments', { params: { per_page: '100' } });
        expect(found.ok()).toBe(true);
        const { data } = (await found.json()) as { data: { status: string; bol_number: string }[] };
        const onItsWay = ['in_transit', 'delayed', 'dispatched', 'pending'].map((status) => data.find((s) => s.status === status));
        const bol = onItsWay.find((s) => s !== undefined)?.bol_number ?? '';
        expect(bol).not.toBe('');

        await page.goto('/admin/shipments');
        await typeInto(page, page.getByLabel(w.search), bol);
        await expect(page.getByRole('row')).toHaveCount(2);
        await activate(page, page.getByRole('link', { name: bol, exact: true }));
        await expect(page.getByRole('heading', { name: `BOL ${bol}` })).toBeVisible();

        const addEvent = page.getByRole('button', { name: w.addEvent });
        await activate(page, addEvent);
        const dialog = page.getByRole('dialog', { name: w.eventDialog });
        await expect(dialog).toBeVisible();
        await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        await expectFocusTrapped(page, dialog, 4);
        // 'SD' (delayed) is the event already chosen; the reason is typed on the closed select.
        await chooseNative(page, dialog.getByLabel(w.eventReason, { exact: true }), 'AO');
        await retype(page, dialog.getByLabel(label(w.city)), 'Effingham');
        await retype(page, dialog.getByLabel(label(w.state)), 'IL');
        await typeInto(page, dialog.getByLabel(w.reads), `Held at terminal: ice storm (${language})`);
        await typeInto(page, dialog.getByLabel(label(w.why)), 'Carrier called: EDI feed down');
        await activate(page, dialog.getByRole('button', { name: w.submitEvent, exact: true }));
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('region', { name: w.audit })).toContainText(w.eventAdded);
        await expect(addEvent).toBeFocused();
        await expectVisibleFocus(page);
      });
  });
}
