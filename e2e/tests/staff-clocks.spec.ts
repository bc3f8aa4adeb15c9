import { freshEmail } from '../support/flows';
import { seedCompany, seedLookAlike, seedShipment, uniqueCompanyName } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** 'YYYY-MM-DDTHH:MM' in Chicago, `minutes` from now (negative: ago): a time the datetime-local field takes. */
function centralTime(minutes: number) {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(Date.now() + minutes * 60_000))
    .replace(' ', 'T');
}

/** A calendar day `days` from today, as the date field takes it. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A date and a zone as the page words them in `language` (the browser's Intl, as the screens use it). */
function worded(page: Page, language: string, day: string) {
  return page.evaluate(
    ([lang, d]) => ({
      date: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
      zone:
        new Intl.DateTimeFormat(lang, { timeZone: 'America/Chicago', timeZoneName: 'longGeneric' })
          .formatToParts(0)
          .find((p) => p.type === 'timeZoneName')?.value ?? '',
    }),
    [language, day] as const,
  );
}

const WORDS = {
  en: {
    addEvent: 'Add tracking event',
    eventDialog: 'Add a tracking event',
    status: 'Event (X12 214 status)',
    when: 'When',
    city: 'City',
    state: 'State',
    description: 'What the shipper reads',
    eventReason: 'Why you record it by hand (for the audit log)',
    submitEvent: 'Add event',
    zone: (zone: string) => `Local time at the place: ${zone} (America/Chicago)`,
    future: 'The event cannot be later than now at its place.',
    changeEta: 'Change estimated delivery',
    etaDialog: 'Estimated delivery',
    setDate: 'Set a date',
    carrier: "Carrier's estimate",
    etaDate: 'Estimated delivery date',
    etaReason: 'Why (the shipper does not see this; kept in the audit log)',
    save: 'Save',
    shown: (date: string) => `The shipper sees: ${date}`,
    setBy: (reason: string) => `Set by staff: ${reason}`,
    audit: 'Audit log',
    auditEta: 'Estimated delivery set',
    auditEvent: 'Tracking event added',
    shipperEta: 'Estimated delivery',
    reason: 'Carrier promised a Monday appointment',
  },
  es: {
    addEvent: 'Agregar evento de rastreo',
    eventDialog: 'Agregar un evento de rastreo',
    status: 'Evento (estado X12 214)',
    when: 'Cuándo',
    city: 'Ciudad',
    state: 'Estado',
    description: 'Lo que lee el remitente',
    eventReason: 'Por qué lo registra a mano (para el registro de auditoría)',
    submitEvent: 'Agregar evento',
    zone: (zone: string) => `Hora local del lugar: ${zone} (America/Chicago)`,
    future: 'El evento no puede ser posterior a la hora actual en su lugar.',
    changeEta: 'Cambiar la entrega estimada',
    etaDialog: 'Entrega estimada',
    setDate: 'Fijar una fecha',
    carrier: 'Estimación del transportista',
    etaDate: 'Fecha de entrega estimada',
    etaReason: 'Motivo (el remitente no lo ve; queda en el registro de auditoría)',
    save: 'Guardar',
    shown: (date: string) => `El remitente ve: ${date}`,
    setBy: (reason: string) => `Fijada por el personal: ${reason}`,
    audit: 'Registro de auditoría',
    auditEta: 'Entrega estimada fijada',
    auditEvent: 'Evento de rastreo agregado',
    shipperEta: 'Entrega estimada',
    reason: 'El transportista prometió una cita el lunes',
  },
} as const;

/**
 * Each flow runs once, in one language (the same steps in either; the every-page walk checks these
 * pages in the other): the estimate in Spanish, where its dates and zone names are worded
 * differently, the feature-preview landing in English.
 */
const FLOW_LANGUAGE = { estimate: 'es', landing: 'en' } as const;

for (const language of ['en', 'es'] as const) {
  const w = WORDS[language];
  const runs = (flow: keyof typeof FLOW_LANGUAGE) => FLOW_LANGUAGE[flow] === language;
  if (runs('estimate'))
    test(`[${language}] staff set an estimated delivery and add an event in the place's time, and the shipper sees that estimate`, async ({
      page,
      browser,
    }) => {
      const superAdmin = await seedLookAlike('super@demo.test', `clocks-super-${language}`);
      // A company of this scenario's on credit terms, whose admin books the shipment staff change:
      // its estimate and events are no other scenario's.
      const o = { email: freshEmail(`clocks-shipper-${language}`), password: 'Clocks#2026', company: uniqueCompanyName('Clocks') };
      const company = await seedCompany(o, { onCredit: true });
      await logIn(page, superAdmin.email, { password: superAdmin.password, settings: { language } });
      const shipper = await browser.newPage();
      try {
        await logIn(shipper, o.email, { password: o.password, settings: { language } });
        const { id, bol_number: bol } = await seedShipment(shipper, company);
        await page.goto(`/admin/shipments/${id}`);
        await expect(page.getByRole('heading', { name: `BOL ${bol}` })).toBeVisible();
        const eta = dayFromToday(30);
        const words = await worded(page, language, eta);

        // The estimate, set with a reason.
        await page.getByRole('button', { name: w.changeEta }).click();
        const etaDialog = page.getByRole('dialog', { name: w.etaDialog });
        await etaDialog.getByText(w.setDate).click();
        await etaDialog.getByLabel(w.etaDate).fill(eta);
        await etaDialog.getByLabel(w.etaReason).fill(w.reason);
        await etaDialog.getByRole('button', { name: w.save }).click();
        await expect(etaDialog).toBeHidden();
        await expect(page.getByTestId('eta-shown')).toHaveText(w.shown(words.date));
        await expect(page.getByText(w.setBy(w.reason))).toBeVisible();
        await expect(page.getByRole('region', { name: w.audit })).toContainText(w.auditEta);

        // An event at a place in Illinois: its zone named, the time now there, a later time refused.
        await page.getByRole('button', { name: w.addEvent }).click();
        const dialog = page.getByRole('dialog', { name: w.eventDialog });
        await dialog.getByLabel(w.status).selectOption('X6');
        await dialog.getByLabel(w.city).fill('Effingham');
        await dialog.getByRole('textbox', { name: w.state, exact: true }).fill('IL');
        await expect(dialog.getByText(w.zone(words.zone))).toBeVisible();
        const when = dialog.getByLabel(w.when);
        await expect(when).toHaveValue(new RegExp(`^(${centralTime(-1)}|${centralTime(0)}|${centralTime(1)})$`));
        await dialog.getByLabel(w.description).fill('Rolling past Effingham');
        await dialog.getByLabel(w.eventReason).fill('Driver called dispatch');
        await when.fill(centralTime(120));
        await dialog.getByRole('button', { name: w.submitEvent }).click();
        await expect(dialog.getByText(w.future)).toBeVisible();
        await snap(page, `staff-event-future-${language}`);
        await when.fill(centralTime(-5));
        await dialog.getByRole('button', { name: w.submitEvent }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('region', { name: w.audit })).toContainText(w.auditEvent);
        // The event moved the tracking on; the estimate staff set stays.
        await expect(page.getByTestId('eta-shown')).toHaveText(w.shown(words.date));

        // The shipper reads staff's estimate on the shipment's page.
        await shipper.goto(`/track/detail/${id}`);
        await expect(shipper.getByRole('heading', { name: `BOL ${bol}` })).toBeVisible();
        // The fact of the page's header: its term and, beside it, the date.
        const shipperEta = shipper.getByRole('term').filter({ hasText: w.shipperEta }).locator('..');
        await expect(shipperEta).toContainText(words.date);
        await snap(shipper, `shipper-staff-eta-${language}`);

        // Back to the carrier's estimate: staff's date leaves both pages.
        await page.getByRole('button', { name: w.changeEta }).click();
        await etaDialog.getByText(w.carrier, { exact: true }).click();
        await etaDialog.getByLabel(w.etaReason).fill('Appointment canceled');
        await etaDialog.getByRole('button', { name: w.save }).click();
        await expect(etaDialog).toBeHidden();
        await expect(page.getByTestId('eta-shown')).not.toHaveText(w.shown(words.date));
        await shipper.reload();
        await expect(shipper.getByRole('heading', { name: `BOL ${bol}` })).toBeVisible();
        await expect(shipperEta).toBeVisible();
        await expect(shipperEta).not.toContainText(words.date);
      } finally {
        await shipper.close();
      }
    });

  if (runs('landing'))
    test(`[${language}] a feature-preview user lands on the page saying what the role does; staff opening /quote go to the admin area`, async ({
      page,
    }) => {
      const title = language === 'en' ? 'Your role opens no pages here' : 'Su rol no abre ninguna página aquí';
      const role = language === 'en' ? /Your only role is Feature preview \(fpg_feature\)/ : /Su único rol es Vista previa de funciones/;
      const feature = await seedLookAlike('feature@demo.test', `clocks-feature-${language}`);
      const superAdmin = await seedLookAlike('super@demo.test', `clocks-landing-super-${language}`);
      await logIn(page, feature.email, { password: feature.password });
      await setPreferences(page, { language });
      await page.goto('/quote');
      await expect(page).toHaveURL(/\/no-access$/);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText(role)).toBeVisible();
      await expect(page.getByText(feature.email)).toBeVisible();
      await expect(page.getByText(/There was an error|Se produjo un error/)).toHaveCount(0);
      await snap(page, `no-access-${language}`);
      await page.goto('/admin/dashboard');
      await expect(page).not.toHaveURL(/\/admin/);

      const staff = await page.context().browser()?.newPage();
      if (!staff) throw new Error('no browser');
      try {
        await logIn(staff, superAdmin.email, { password: superAdmin.password, settings: { language }, at: '/quote' });
        await expect(staff).toHaveURL(/\/admin\/dashboard$/);
        await expect(staff.getByRole('heading', { name: language === 'en' ? 'Dashboard' : 'Panel' })).toBeVisible();
        await staff.goto('/my-shipments');
        await expect(staff).toHaveURL(/\/admin\/dashboard$/);
      } finally {
        await staff.close();
      }
    });
}
