import { bookFirstRate, rateInSpanish } from '../support/booking';
import { freshEmail, mailedLink, mailsTo } from '../support/flows';
import { type Pallets, ratePallets, shownCarriers, shownTotals } from '../support/quote';
import { logIn, logInHere, restorePreferences, setPreferences, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * From an invitation to an approval, as the people would do it, in English and in Spanish: Demo
 * Shipper Co's account admin invites a colleague as Shipper with a $500.00 booking limit from
 * Settings > Team; the colleague opens the mailed link, chooses a password and lands signed in,
 * books a shipment under the limit (booked at once), then one over it (it waits); the admin opens
 * the Approve link of the mail on another browser, signs in, approves in the portal, and the
 * shipment shows who booked it and who approved it.
 */

const ADMIN = 'shipper@demo.test';
const ADMIN_NAME = 'Dana Shipper';
const PASSWORD = 'Colleague#2026';
const LIMIT = 500;
/**
 * Chicago -> Atlanta, the cheapest rate (the first) booked: three pallets of 800 lb come to about
 * $310, six tall ones of 2,500 lb to about $865.
 */
const UNDER: Pallets = { to: '30303', quantity: '3', weight: '800', value: '1000' };
const OVER: Pallets = { to: '30303', quantity: '6', height: '72', weight: '2500', value: '1000' };

const WORDS = {
  en: {
    colleague: { first: 'Riley', last: 'Newcomb' },
    nav: 'Main navigation',
    settings: 'Settings',
    teamTab: 'Team',
    invite: 'Invite a colleague',
    firstName: /^First name/,
    lastName: /^Last name/,
    email: /^Email/,
    role: /^Role/,
    shipper: 'Shipper',
    limit: /^Booking limit/,
    send: 'Send invitation',
    sent: (email: string) => `Invitation sent to ${email}.`,
    invited: 'Invited',
    switchTo: null,
    join: 'Join Demo Shipper Co',
    password: /^Password/,
    confirm: /^Confirm password/,
    accept: 'Set password and sign in',
    booked: 'Shipment booked',
    held: 'Your booking waits for approval',
    overLimit: /over the booking limit/,
    approvalMail: 'A booking waits for your approval: ',
    approveTitle: 'Approve this booking',
    inTheNameOf: (name: string) => `in the name of ${name}`,
    approve: 'Approve',
    approved: /^Booked\. BOL \d{17}\.$/,
    viewShipment: 'View the shipment',
    bookedBy: 'Booked by',
    approvedBy: 'Approved by',
    decidedMail: 'Your booking was approved and booked',
  },
  es: {
    colleague: { first: 'Lucía', last: 'Nieves' },
    nav: 'Navegación principal',
    settings: 'Configuración',
    teamTab: 'Equipo',
    invite: 'Invitar a un colega',
    firstName: /^Nombre/,
    lastName: /^Apellido/,
    email: /^Correo electrónico/,
    role: /^Rol/,
    shipper: 'Remitente',
    limit: /^Límite por reserva/,
    send: 'Enviar invitación',
    sent: (email: string) => `Invitación enviada a ${email}.`,
    invited: 'Invitado',
    switchTo: 'Español',
    join: 'Únase a Demo Shipper Co',
    password: /^Contraseña/,
    confirm: /^Confirmar contraseña/,
    accept: 'Establecer contraseña e iniciar sesión',
    booked: 'Envío reservado',
    held: 'Su reserva espera aprobación',
    overLimit: /supera el límite de reserva/,
    approvalMail: 'Una reserva espera su aprobación: ',
    approveTitle: 'Aprobar esta reserva',
    inTheNameOf: (name: string) => `a nombre de ${name}`,
    approve: 'Aprobar',
    approved: /^Reservada\. BOL \d{17}\.$/,
    viewShipment: 'Ver el envío',
    bookedBy: 'Reservado por',
    approvedBy: 'Aprobado por',
    decidedMail: 'Su reserva fue aprobada y reservada',
  },
} as const;

type Language = keyof typeof WORDS;
type Words = (typeof WORDS)[Language];

/** Rates the pallets on Quote & Ship in the page's language and books the cheapest rate (the first); answers its carrier and total. */
async function bookCheapest(page: Page, language: Language, pallets: Pallets) {
  if (language === 'en') await ratePallets(page, pallets);
  else await rateInSpanish(page, { path: '/quote-shipment', ...pallets });
  const totals = await shownTotals(page);
  const [carrier = ''] = await shownCarriers(page);
  const [total = 0] = totals;
  expect(total).toBe(Math.min(...totals));
  await bookFirstRate(page, language);
  return { carrier, total };
}

/** The mails asking the admin to approve a booking, oldest first. */
const approvalMails = (w: Words) => mailsTo(ADMIN).filter((m) => m.subject.startsWith(w.approvalMail));

/** The colleague's own browser opens the mailed invitation, chooses a password and lands in the portal signed in. */
async function acceptInvitation(browser: Browser, email: string, w: Words) {
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(await mailedLink(email, '/invitation/'));
  if (w.switchTo) await colleague.getByText(w.switchTo, { exact: true }).click();
  await expect(colleague.getByRole('heading', { name: w.join })).toBeVisible();
  await colleague.getByLabel(w.password).fill(PASSWORD);
  await colleague.getByLabel(w.confirm).fill(PASSWORD);
  await colleague.getByRole('button', { name: w.accept }).click();
  await expect(colleague).toHaveURL(/\/$/);
  await expect(colleague.getByRole('navigation', { name: w.nav })).toBeVisible();
  return colleague;
}

for (const language of ['en', 'es'] as const) {
  const w = WORDS[language];
  const name = `${w.colleague.first} ${w.colleague.last}`;

  test(`${language}: an invited shipper books under the $500 limit at once, waits over it, and the admin approves from the mailed link`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = freshEmail(`colleague-${language}`);
    await logIn(page, ADMIN);
    if (language === 'es') await setPreferences(page, { language: 'es' });
    try {
      // 1. Settings > Team: the invitation, as Shipper with a $500.00 limit (a page loaded in the admin's language).
      await page.goto('/my-shipments');
      await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.settings }).click();
      await page.getByRole('tab', { name: w.teamTab }).click();
      await expect(page).toHaveURL(/\/settings\/team$/);
      await page.getByRole('button', { name: w.invite }).click();
      const dialog = page.getByRole('dialog', { name: w.invite });
      await dialog.getByRole('textbox', { name: w.firstName }).fill(w.colleague.first);
      await dialog.getByRole('textbox', { name: w.lastName }).fill(w.colleague.last);
      await dialog.getByRole('textbox', { name: w.email }).fill(email);
      await dialog.getByRole('combobox', { name: w.role }).selectOption({ label: w.shipper });
      await dialog.getByRole('textbox', { name: w.limit }).fill(String(LIMIT));
      await dialog.getByRole('button', { name: w.send }).click();
      await expect(page.getByText(w.sent(email))).toBeVisible();
      const invitation = page.getByTestId(`team-invitation-${email}`);
      await expect(invitation).toContainText(w.invited);
      await expect(invitation).toContainText(w.shipper);
      await expect(invitation).toContainText(/500\.00/);

      // 2. The mailed link: a password, and the colleague is in.
      const colleague = await acceptInvitation(browser, email, w);

      // 3. Under the limit: booked at once.
      const under = await bookCheapest(colleague, language, UNDER);
      expect(under.total).toBeLessThanOrEqual(LIMIT);
      await expect(colleague.getByRole('heading', { name: w.booked })).toBeVisible();

      // 4. Over the limit: it waits for an account admin.
      const asked = approvalMails(w).length;
      const over = await bookCheapest(colleague, language, OVER);
      expect(over.total).toBeGreaterThan(LIMIT);
      await expect(colleague.getByRole('heading', { name: w.held })).toBeVisible();
      const held = colleague.getByTestId('held-for-approval');
      await expect(held).toContainText(w.overLimit);
      await expect(held).toContainText(over.carrier);
      await snap(colleague, `team-invite-to-approval-held-${language}`);

      // 5. The admin's mail, read on another browser: the Approve link asks for a sign-in, then the decision.
      await expect.poll(() => approvalMails(w).length, { message: 'the approval mail' }).toBe(asked + 1);
      const mail = approvalMails(w)[asked];
      expect(mail?.subject).toContain(over.carrier);
      // The first of its two links approves, the second declines.
      const approveLink = mail?.links.find((l) => l.includes('/approvals/link/')) ?? '';
      expect(approveLink, 'the Approve link').not.toBe('');
      const admin = await (await browser.newContext()).newPage();
      await admin.goto(approveLink);
      await expect(admin).toHaveURL(/\/login\?redirect=/);
      await logInHere(admin, ADMIN);
      const decision = admin.getByRole('dialog', { name: w.approveTitle });
      await expect(decision).toContainText(w.inTheNameOf(name));
      await expect(decision).toContainText(over.carrier);
      await snap(admin, `team-invite-to-approval-dialog-${language}`);
      await decision.getByRole('button', { name: w.approve }).click();
      await expect(admin.getByText(w.approved)).toBeVisible();
      await admin.getByRole('link', { name: w.viewShipment }).first().click();
      await expect(admin).toHaveURL(/\/track\/detail\//);
      const refs = admin.getByTestId('shipment-refs');
      await expect(refs).toContainText(w.bookedBy);
      await expect(admin.getByTestId('ref-booked-by')).toHaveText(name);
      await expect(refs).toContainText(w.approvedBy);
      await expect(admin.getByTestId('ref-approved-by')).toHaveText(ADMIN_NAME);
      await snap(admin, `team-invite-to-approval-shipment-${language}`);

      // The colleague hears of it in their language.
      await expect.poll(() => mailsTo(email).map((m) => m.subject)).toContain(w.decidedMail);
      await admin.context().close();
      await colleague.context().close();
    } finally {
      if (language === 'es') await restorePreferences(page, { language: 'en' });
    }
  });
}
