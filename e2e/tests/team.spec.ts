import { freshEmail, mailedLink } from '../support/flows';
import { activate, tabTo } from '../support/keyboard';
import { expectPageFitsWindow } from '../support/reflow';
import { startAsNewCompany } from '../support/seed';
import { reenterPassword, snap } from '../support/session';
import { type Browser, expect, test } from '../support/test';

/**
 * Settings > Team, in English and Spanish: a new company's account admin invites a shipper with a
 * $500 booking limit; the invitee opens the mailed link in a browser of their own, sets a
 * password and lands in the portal signed in; the admin sees them active and makes them account
 * admin (a grant of power: the password is asked again), then, on a phone with the keyboard alone,
 * deactivates them (their browser is signed out); the activity log shows it all.
 */

const PASSWORD = 'TeamAdmin#2026';
const INVITEE_PASSWORD = 'Joined#2026';
const INVITEE = 'Sam Colleague';

const WORDS = {
  es: {
    language: 'Spanish',
    switchTo: 'Español',
    teamTab: 'Equipo',
    activityTab: 'Registro de actividad',
    invite: 'Invitar a un colega',
    firstName: /^Nombre/,
    lastName: /^Apellido/,
    email: /^Correo electrónico/,
    limit: /^Límite por reserva/,
    send: 'Enviar invitación',
    sent: (email: string) => `Invitación enviada a ${email}.`,
    invited: 'Invitado',
    shipper: 'Remitente',
    active: 'Activo',
    deactivated: 'Desactivado',
    join: (company: string) => `Únase a ${company}`,
    password: /^Contraseña/,
    confirm: /^Confirmar contraseña/,
    accept: 'Establecer contraseña e iniciar sesión',
    actionsFor: `Acciones para ${INVITEE}`,
    editItem: 'Cambiar rol y límite',
    editTitle: `Rol y límite de ${INVITEE}`,
    role: 'Rol',
    accountAdmin: 'Administrador de la cuenta',
    save: 'Guardar',
    saved: `Se guardaron el rol y el límite de ${INVITEE}.`,
    roleChanged: 'Rol cambiado',
    deactivateItem: 'Desactivar',
    deactivateTitle: `¿Desactivar a ${INVITEE}?`,
    done: `${INVITEE} está desactivado.`,
    deactivatedEntry: 'Usuario desactivado',
    joined: ['Invitación aceptada', 'Invitación enviada'],
  },
} as const;

/** The invitee's own browser opens the mailed link, sets a password and lands in the portal. */
async function acceptInvitation(browser: Browser, email: string, company: string, w: (typeof WORDS)[keyof typeof WORDS], lang: string) {
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(await mailedLink(email, '/invitation/'));
  await invitee.getByText(w.switchTo, { exact: true }).click();
  await expect(invitee.getByRole('heading', { name: w.join(company) })).toBeVisible();
  await expect(invitee.getByRole('textbox', { name: w.email })).toHaveValue(email);
  await snap(invitee, `team-invitation-${lang}`);
  await invitee.getByLabel(w.password).fill(INVITEE_PASSWORD);
  await invitee.getByLabel(w.confirm).fill(INVITEE_PASSWORD);
  await invitee.getByRole('button', { name: w.accept }).click();
  await expect(invitee).toHaveURL(/\/$/);
  const me = await (await invitee.request.get('/api/user', { headers: { accept: 'application/json' } })).json();
  expect(me.data).toMatchObject({ email, first_name: 'Sam', account: { name: company, role: 'shipper' } });
  return invitee;
}

// In Spanish only: the flow is the same in English, whose screens the every-page walk reads with
// their dialogs at desktop and phone width (a11y-every-page.spec.ts).
const lang = 'es';
const w = WORDS[lang];

test(`${lang}: an account admin invites a shipper, who joins through the mailed link; deactivated with the keyboard on a phone; all in the activity log`, async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const company = `Team ${lang} Freight ${Date.now()}`;
  await startAsNewCompany(page, { email: freshEmail(`team-admin-${lang}`), password: PASSWORD, company, language: w.language });
  const email = freshEmail(`team-invitee-${lang}`);

  await page.goto('/settings/team');
  await expect(page.getByRole('tab', { name: w.teamTab, selected: true })).toBeVisible();
  await page.getByRole('button', { name: w.invite }).click();
  const dialog = page.getByRole('dialog', { name: w.invite });
  await dialog.getByRole('textbox', { name: w.firstName }).fill('Sam');
  await dialog.getByRole('textbox', { name: w.lastName }).fill('Colleague');
  await dialog.getByRole('textbox', { name: w.email }).fill(email);
  await dialog.getByRole('textbox', { name: w.limit }).fill('500');
  await snap(page, `team-invite-${lang}`);
  await dialog.getByRole('button', { name: w.send }).click();
  await expect(page.getByText(w.sent(email))).toBeVisible();
  await expect(dialog).toBeHidden();
  const invitation = page.getByTestId(`team-invitation-${email}`);
  await expect(invitation).toContainText(w.invited);
  await expect(invitation).toContainText(w.shipper);
  await expect(invitation).toContainText(/500\.00/);

  const invitee = await acceptInvitation(browser, email, company, w, lang);

  await page.reload();
  const member = page.getByTestId(`team-member-${email}`);
  await expect(member).toContainText(w.active);
  await expect(member).toContainText(/500\.00/);
  await expect(page.getByTestId(`team-invitation-${email}`)).toHaveCount(0);
  await snap(page, `team-${lang}`);

  // Making the colleague an account admin is a grant of power: the admin's password is asked again,
  // in a dialog over the form, and the change goes through once it is confirmed.
  await member.getByRole('button', { name: w.actionsFor }).click();
  await page.getByRole('menuitem', { name: w.editItem }).click();
  const edit = page.getByRole('dialog', { name: w.editTitle });
  await edit.getByRole('combobox', { name: w.role, exact: true }).selectOption({ label: w.accountAdmin });
  await edit.getByRole('button', { name: w.save }).click();
  await reenterPassword(page, PASSWORD);
  await expect(page.getByText(w.saved)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(member).toContainText(w.accountAdmin);

  // On a phone the rows are cards; the keyboard alone opens the row's actions and deactivates.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(member).toBeVisible();
  await expectPageFitsWindow(page);
  await snap(page, `team-phone-${lang}`);
  await activate(page, member.getByRole('button', { name: w.actionsFor }));
  // The menu opens with focus on its first item (a moment after it shows): the arrow moves on from there.
  await expect(page.getByRole('menuitem', { name: w.editItem })).toBeFocused();
  const item = page.getByRole('menuitem', { name: w.deactivateItem });
  await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: w.deactivateTitle });
  await expect(confirm).toBeVisible();
  await snap(page, `team-deactivate-${lang}`);
  await tabTo(page, confirm.getByRole('button', { name: w.deactivateItem }), { max: 6 });
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByText(w.done)).toBeVisible();
  await expect(member).toContainText(w.deactivated);

  // The colleague's browser is signed out at its next page.
  await invitee.goto('/my-shipments');
  await expect(invitee).toHaveURL(/\/login/);
  await invitee.context().close();

  await page.getByRole('tab', { name: w.activityTab }).click();
  await expect(page).toHaveURL(/\/settings\/activity$/);
  const entries = page.getByTestId('activity-entry');
  // Newest first: the deactivation, the grant, then the invitation accepted and sent.
  await expect(entries.first()).toContainText(w.deactivatedEntry);
  await expect(entries.first()).toContainText(`${INVITEE} <${email}>`);
  await expect(entries.filter({ hasText: w.roleChanged })).toHaveCount(1);
  const count = await entries.count();
  for (const [i, words] of w.joined.entries()) await expect(entries.nth(count - 2 + i)).toContainText(words);
  await expect(entries.first()).toContainText('127.0.0.1');
  await expectPageFitsWindow(page);
  await snap(page, `team-activity-phone-${lang}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `team-activity-${lang}`);
});
