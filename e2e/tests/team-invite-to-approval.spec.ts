import { bookFirstRate, rateInSpanish } from '../support/booking';
import { freshEmail, mailedLink, mailsTo } from '../support/flows';
import { type Pallets, shownCarriers, shownTotals } from '../support/quote';
import { startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { logInHere, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * From an invitation to an approval, as the people would do it, each in their language: the
 * account admin (in English) of a company of the scenario's own, on credit terms, invites a colleague as Shipper with a $500.00 booking limit from
 * Settings > Team; the colleague opens the mailed link, reads it in Spanish, chooses a password and
 * lands signed in,
 * books a shipment under the limit (booked at once), then one over it (it waits); the admin opens
 * the Approve link of the mail on another browser, signs in, approves in the portal, and the
 * shipment shows who booked it and who approved it.
 */

const ADMIN_PASSWORD = 'Admin#2026';
const ADMIN_NAME = 'Dana Tester';
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
    join: (company: string) => `Join ${company}`,
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
    join: (company: string) => `Únase a ${company}`,
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

/** Rates the pallets on Quote & Ship in Spanish and books the cheapest rate (the first); answers its carrier and total. */
async function bookCheapest(page: Page, pallets: Pallets) {
  await rateInSpanish(page, { path: '/quote-shipment', ...pallets });
  const totals = await shownTotals(page);
  const [carrier = ''] = await shownCarriers(page);
  const [total = 0] = totals;
  expect(total).toBe(Math.min(...totals));
  await bookFirstRate(page, 'es');
  return { carrier, total };
}

/** The mails asking the admin to approve a booking, oldest first. */
const approvalMails = (admin: string, w: Words) => mailsTo(admin).filter((m) => m.subject.startsWith(w.approvalMail));

/** The colleague's own browser opens the mailed invitation, chooses a password and lands in the portal signed in. */
async function acceptInvitation(browser: Browser, email: string, company: string, w: Words) {
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(await mailedLink(email, '/invitation/'));
  if (w.switchTo) await colleague.getByText(w.switchTo, { exact: true }).click();
  await expect(colleague.getByRole('heading', { name: w.join(company) })).toBeVisible();
  await colleague.getByLabel(w.password).fill(PASSWORD);
  await colleague.getByLabel(w.confirm).fill(PASSWORD);
  await colleague.getByRole('button', { name: w.accept }).click();
  await expect(colleague).toHaveURL(/\/$/);
  await expect(colleague.getByRole('navigation', { name: w.nav })).toBeVisible();
  return colleague;
}

// One run covers both languages (the steps are the same in either): the admin's screens and mail in
// English, the colleague's in Spanish, whose words are the longer.
const A = WORDS.en;
const C = WORDS.es;
const name = `${C.colleague.first} ${C.colleague.last}`;

test('an invited shipper books in Spanish under the $500 limit at once, waits over it, and the admin approves from the mailed link', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail('colleague');
  const adminEmail = freshEmail('invite-admin');
  const company = uniqueCompanyName('Invite Freight');
  await startAsNewCompany(
    page,
    { email: adminEmail, password: ADMIN_PASSWORD, firstName: 'Dana', company },
    { onCredit: true, at: '/my-shipments' },
  );
  // 1. Settings > Team: the invitation, as Shipper with a $500.00 limit.
  await page.getByRole('navigation', { name: A.nav }).getByRole('link', { name: A.settings }).click();
  await page.getByRole('tab', { name: A.teamTab }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await page.getByRole('button', { name: A.invite }).click();
  const dialog = page.getByRole('dialog', { name: A.invite });
  await dialog.getByRole('textbox', { name: A.firstName }).fill(C.colleague.first);
  await dialog.getByRole('textbox', { name: A.lastName }).fill(C.colleague.last);
  await dialog.getByRole('textbox', { name: A.email }).fill(email);
  await dialog.getByRole('combobox', { name: A.role }).selectOption({ label: A.shipper });
  await dialog.getByRole('textbox', { name: A.limit }).fill(String(LIMIT));
  await dialog.getByRole('button', { name: A.send }).click();
  await expect(page.getByText(A.sent(email))).toBeVisible();
  const invitation = page.getByTestId(`team-invitation-${email}`);
  await expect(invitation).toContainText(A.invited);
  await expect(invitation).toContainText(A.shipper);
  await expect(invitation).toContainText(/500\.00/);

  // 2. The mailed link, read in Spanish: a password, and the colleague is in.
  const colleague = await acceptInvitation(browser, email, company, C);

  // 3. Under the limit: booked at once.
  const under = await bookCheapest(colleague, UNDER);
  expect(under.total).toBeLessThanOrEqual(LIMIT);
  await expect(colleague.getByRole('heading', { name: C.booked })).toBeVisible();

  // 4. Over the limit: it waits for an account admin.
  const asked = approvalMails(adminEmail, A).length;
  const over = await bookCheapest(colleague, OVER);
  expect(over.total).toBeGreaterThan(LIMIT);
  await expect(colleague.getByRole('heading', { name: C.held })).toBeVisible();
  const held = colleague.getByTestId('held-for-approval');
  await expect(held).toContainText(C.overLimit);
  await expect(held).toContainText(over.carrier);
  await snap(colleague, 'team-invite-to-approval-held-es');

  // 5. The admin's mail, in English, read on another browser: the Approve link asks for a sign-in, then the decision.
  await expect.poll(() => approvalMails(adminEmail, A).length, { message: 'the approval mail' }).toBe(asked + 1);
  const mail = approvalMails(adminEmail, A)[asked];
  expect(mail?.subject).toContain(over.carrier);
  // The first of its two links approves, the second declines.
  const approveLink = mail?.links.find((l) => l.includes('/approvals/link/')) ?? '';
  expect(approveLink, 'the Approve link').not.toBe('');
  const admin = await (await browser.newContext()).newPage();
  await admin.goto(approveLink);
  await expect(admin).toHaveURL(/\/login\?redirect=/);
  await logInHere(admin, adminEmail, ADMIN_PASSWORD);
  const decision = admin.getByRole('dialog', { name: A.approveTitle });
  await expect(decision).toContainText(A.inTheNameOf(name));
  await expect(decision).toContainText(over.carrier);
  await snap(admin, 'team-invite-to-approval-dialog-en');
  await decision.getByRole('button', { name: A.approve }).click();
  await expect(admin.getByText(A.approved)).toBeVisible();
  await admin.getByRole('link', { name: A.viewShipment }).first().click();
  await expect(admin).toHaveURL(/\/track\/detail\//);
  const refs = admin.getByTestId('shipment-refs');
  await expect(refs).toContainText(A.bookedBy);
  await expect(admin.getByTestId('ref-booked-by')).toHaveText(name);
  await expect(refs).toContainText(A.approvedBy);
  await expect(admin.getByTestId('ref-approved-by')).toHaveText(ADMIN_NAME);
  await snap(admin, 'team-invite-to-approval-shipment-en');

  // The colleague hears of it in their language.
  await expect.poll(() => mailsTo(email).map((m) => m.subject)).toContain(C.decidedMail);
  await admin.context().close();
  await colleague.context().close();
});
