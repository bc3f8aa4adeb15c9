import { randomUUID } from 'node:crypto';
import { apiCall } from '../support/api';
import { freshEmail, mailsTo } from '../support/flows';
import { quotablePickupDate } from '../support/quote';
import { expectPageFitsWindow } from '../support/reflow';
import { seedColleague, seedCompany, seedLookAlike, uniqueCompanyName } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * Watchers: in a company of the scenario's own (on credit terms), the shipper (Carla Clerk) books a
 * shipment, opens it and adds a colleague as a watcher (picked by name: the team's only one of
 * that name); the colleague, in a browser of their own, sees that they are watching;
 * a tracking update (staff record it by hand) mails the booker and the watcher; the colleague stops
 * watching, and the next update mails the booker alone. In English with the billing user, in
 * Spanish with the viewer, whose page is also looked at on a phone.
 */

const WORDS = {
  en: {
    region: 'Watchers',
    booked: 'You booked this shipment, so its tracking mails come to you.',
    form: 'Add a colleague as a watcher',
    colleague: 'Add a colleague',
    add: 'Add',
    added: (name: string) => `${name} now watches this shipment.`,
    you: (name: string) => `${name} (you)`,
    watching: 'Watching',
    stop: 'Stop watching',
    watch: 'Watch',
    none: 'Nobody watches this shipment yet.',
    subject: (bol: string, status: 'dispatched' | 'in_transit') =>
      `Shipment ${bol}: ${status === 'dispatched' ? 'Dispatched' : 'In-Transit'}`,
  },
  es: {
    region: 'Seguidores',
    booked: 'Usted reservó este envío, así que sus correos de rastreo le llegan a usted.',
    form: 'Agregar a un colega como seguidor',
    colleague: 'Agregar a un colega',
    add: 'Agregar',
    added: (name: string) => `${name} ahora sigue este envío.`,
    you: (name: string) => `${name} (usted)`,
    watching: 'Siguiendo',
    stop: 'Dejar de seguir',
    watch: 'Seguir',
    none: 'Nadie sigue este envío todavía.',
    subject: (bol: string, status: 'dispatched' | 'in_transit') =>
      `Envío ${bol}: ${status === 'dispatched' ? 'Despachado' : 'En tránsito'}`,
  },
} as const;

const place = (over: Record<string, string>) => ({
  first_name: 'Carla',
  last_name: 'Clerk',
  phone: '(312) 555-0151',
  country: 'US',
  ...over,
});

/** Quotes Chicago -> Dallas and books its cheapest rate through the API, as the signed-in page's user. */
async function book(page: Page) {
  const quote = await apiCall<{ id: string; rates: { id: string }[]; inputs: { pickup_date: string } }>(page, 'POST', '/api/quotes', {
    mode: 'ltl',
    pickup_date: quotablePickupDate(),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    items: [{ package_type: 'pallets', quantity: 1, length: 48, width: 40, height: 48, weight: 400, stackable: true, hazardous: false }],
    accessorials: [],
    insured_value: 0,
  });
  return apiCall<{ id: string; bol_number: string }>(
    page,
    'POST',
    '/api/shipments',
    {
      quote_id: quote.id,
      rate_id: quote.rates[0]?.id,
      pickup: place({
        company: 'Demo Shipper Co',
        email: 'dock@demo.test',
        street1: '233 S Wacker Dr',
        city: 'Chicago',
        state: 'IL',
        postal_code: '60606',
      }),
      delivery: place({
        company: 'Lone Star Hardware',
        email: 'receiving@lonestar.test',
        street1: '1500 Marilla St',
        city: 'Dallas',
        state: 'TX',
        postal_code: '75201',
      }),
      pickup_date: quote.inputs.pickup_date,
      ready_time: '09:00',
      close_time: '16:00',
      residential_or_liftgate: false,
      disclaimer_accepted: true,
    },
    { 'Idempotency-Key': randomUUID() },
  );
}

/** Now on a Chicago clock, a minute ago, as staff type an event's local time ('YYYY-MM-DDTHH:MM'). */
function chicagoMinuteAgo() {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(Date.now() - 60_000));
  return parts.replace(' ', 'T');
}

/** A browser of the user's own, signed in, on the shipment's page. */
async function openAs(browser: Browser, user: { email: string; password: string }, shipmentId: string, language: 'en' | 'es') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user.email, { password: user.password, settings: { language }, at: `/track/detail/${shipmentId}` });
  return page;
}

/** The subjects of the mails to `to` after the first `since`. */
const subjectsSince = (to: string, since: number) => () =>
  mailsTo(to)
    .slice(since)
    .map((m) => m.subject);

for (const [language, role] of [
  ['en', { role: 'billing', firstName: 'Bea', lastName: 'Billing' }],
  ['es', { role: 'viewer', firstName: 'Vic', lastName: 'Viewer' }],
] as const) {
  test(`${language}: a shipper adds a colleague as a watcher; the colleague watches and stops; tracking mails follow`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[language];
    const company = await seedCompany(
      { email: freshEmail(`watchers-admin-${language}`), password: 'Watchers#2026', company: uniqueCompanyName('Watchers Freight') },
      { onCredit: true },
    );
    const clerk = await seedColleague(company, `watchers-clerk-${language}`, 'shipper', { firstName: 'Carla', lastName: 'Clerk' });
    const CLERK = clerk.email;
    const colleague = await seedColleague(company, `watchers-${role.role}-${language}`, role.role, {
      firstName: role.firstName,
      lastName: role.lastName,
    });
    await logIn(page, clerk.email, { password: clerk.password });
    const shipment = await book(page);
    let watcher: Page | undefined;
    try {
      if (language === 'es') await setPreferences(page, { language: 'es' });
      await page.goto(`/track/detail/${shipment.id}`);
      const region = page.getByRole('region', { name: w.region });
      await expect(region).toContainText(w.booked);

      // The clerk adds the colleague.
      const form = region.getByRole('form', { name: w.form });
      await form.getByLabel(w.colleague).selectOption({ label: colleague.name });
      await form.getByRole('button', { name: w.add, exact: true }).click();
      await expect(page.getByText(w.added(colleague.name))).toBeVisible();
      await expect(region.getByRole('list')).toContainText(colleague.name);
      await snap(page, `shipment-watchers-added-${language}`);

      // The colleague sees they are watching.
      watcher = await openAs(browser, colleague, shipment.id, language);
      const theirs = watcher.getByRole('region', { name: w.region });
      await expect(theirs.getByRole('list')).toContainText(w.you(colleague.name));
      await expect(theirs.getByText(w.watching, { exact: true })).toBeVisible();
      if (language === 'es') {
        // On a phone: the section fits the width, its button within reach.
        await watcher.setViewportSize({ width: 390, height: 844 });
        await theirs.getByRole('button', { name: w.stop }).scrollIntoViewIfNeeded();
        await expect(theirs.getByRole('button', { name: w.stop })).toBeInViewport();
        await expectPageFitsWindow(watcher);
        await snap(watcher, 'shipment-watchers-phone-es');
      }

      // A tracking update mails the booker and the watcher, each in their language.
      const staff = await browser.newPage();
      const ops = await seedLookAlike('ops@demo.test', `watchers-ops-${language}`);
      await logIn(staff, ops.email, { password: ops.password });
      const before = { clerk: mailsTo(CLERK).length, colleague: mailsTo(colleague.email).length };
      const event = (status_code: string, description: string) =>
        apiCall(staff, 'POST', `/api/admin/shipments/${shipment.id}/events`, {
          status_code,
          occurred_at: chicagoMinuteAgo(),
          city: 'Chicago',
          state: 'IL',
          description,
          reason: 'The carrier called it in',
        });
      await event('XB', 'Tender accepted by phone');
      await expect.poll(subjectsSince(CLERK, before.clerk)).toContain(w.subject(shipment.bol_number, 'dispatched'));
      await expect.poll(subjectsSince(colleague.email, before.colleague)).toContain(w.subject(shipment.bol_number, 'dispatched'));
      // The watcher's mail leads to the shipment's page, where they stop watching.
      expect(
        mailsTo(colleague.email)
          .at(-1)
          ?.links.some((l) => l.endsWith(`/track/detail/${shipment.id}`)),
      ).toBe(true);

      // The colleague stops watching; the next update mails the booker alone.
      await theirs.getByRole('button', { name: w.stop }).click();
      await expect(theirs.getByRole('button', { name: w.watch, exact: true })).toBeVisible();
      await expect(theirs).toContainText(w.none);
      const stopped = mailsTo(colleague.email).length;
      await event('AF', 'Picked up at the dock');
      await expect.poll(subjectsSince(CLERK, before.clerk)).toContain(w.subject(shipment.bol_number, 'in_transit'));
      expect(mailsTo(colleague.email)).toHaveLength(stopped);
      await staff.close();

      await page.reload();
      await expect(page.getByRole('region', { name: w.region })).toContainText(w.none);
    } finally {
      await watcher?.context().close();
    }
  });
}
