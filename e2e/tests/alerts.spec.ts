import { apiCall, pageRequest } from '../support/api';
import { freshEmail } from '../support/flows';
import { activate, expectFocusTrapped, tabTo } from '../support/keyboard';
import { logInAsLookAlike, seedShipment, startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { setPreferences, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Shipment alerts: the shipper of a company of the scenario's own (on credit terms) booked a
 * shipment that staff marked Action Required, so its portal holds an unread alert of its own; it
 * reads its alerts on Alerts (each in words, its shipment's number leading to the shipment's
 * tracking page), marks one read and the navigation's count follows, and saves its alert settings
 * (a table of kinds by channel); staff (a look-alike of ops@demo.test) work the exceptions queue
 * with the keyboard alone: two alerts picked, acknowledged once confirmed, and the notice says how
 * many.
 */

const WORDS = {
  en: {
    nav: /^(Main navigation)$/,
    alerts: 'Alerts',
    list: "Your account's alerts, newest first",
    show: 'Show',
    all: 'All alerts',
    markRead: /^Mark as read: /,
    sentence: /^Shipment \S+ /,
    table: 'How each kind of alert reaches you',
    box: 'Mail: No tracking update',
    save: 'Save alert settings',
    saved: 'Alert settings saved.',
    queue: 'Shipments that need a call, oldest first',
    selectRow: /^Select /,
    selected: '2 selected',
    acknowledge: 'Acknowledge',
    confirmTitle: 'Acknowledge 2 alerts?',
    confirm: 'Acknowledge 2 alerts',
    done: /^2 alerts acknowledged/,
  },
  es: {
    nav: /^(Navegación principal)$/,
    alerts: 'Alertas',
    list: 'Las alertas de su cuenta, las más recientes primero',
    show: 'Mostrar',
    all: 'Todas las alertas',
    markRead: /^Marcar como leída: /,
    sentence: /^(El envío|Es probable que el envío) \S+ /,
    table: 'Cómo le llega cada tipo de alerta',
    box: 'Correo: Sin actualización de rastreo',
    save: 'Guardar configuración de alertas',
    saved: 'Configuración de alertas guardada.',
    queue: 'Envíos que requieren una llamada, los más antiguos primero',
    selectRow: /^Seleccionar (?!todas)/,
    selected: '2 seleccionadas',
    acknowledge: 'Marcar como atendidas',
    confirmTitle: '¿Marcar 2 alertas como atendidas?',
    confirm: 'Marcar 2 alertas como atendidas',
    done: /^2 alertas marcadas como atendidas/,
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

/** The signed-in shipper's unread alerts in their portal, as the navigation's badge counts them. */
async function unreadAlerts(page: Page) {
  return (JSON.parse((await pageRequest(page, 'GET', '/api/alerts/unread-count')).text) as { unread_count: number }).unread_count;
}

/** The count on the Alerts item's badge (0 when it shows none). */
async function unreadCount(page: Page) {
  const badge = page.getByTestId('alerts-badge');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}

/** The shipper reads the alerts: each one in words with its shipment linked; one marked read. */
async function readAlerts(page: Page, w: Words, language: string) {
  await page.goto('/alerts?status=all');
  const list = page.getByRole('list', { name: w.list });
  await expect(list).toBeVisible();
  const items = list.getByTestId('alert-item');
  expect(await items.count()).toBeGreaterThan(0);
  const first = items.first();
  await expect(first.locator('p').filter({ hasText: w.sentence }).first()).toBeVisible();
  await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/track\/detail\//);
  await expect(page.getByLabel(w.show, { exact: true })).toHaveValue('all');
  await snap(page, `alerts-${language}`);

  const markRead = list.getByRole('button', { name: w.markRead });
  if (await markRead.count()) {
    const before = await unreadCount(page);
    await activate(page, markRead.first());
    await expect(markRead).toHaveCount((await markRead.count()) > 0 ? before - 1 : 0);
    if (before > 0) await expect.poll(() => unreadCount(page)).toBe(before - 1);
  }
}

/** The shipper flips one box of the alert settings, saves it, finds it kept, and puts it back. */
async function saveSettings(page: Page, w: Words, language: string) {
  await page.goto('/settings');
  const table = page.getByRole('table', { name: w.table });
  await expect(table).toBeVisible();
  const box = table.getByRole('checkbox', { name: w.box });
  const was = await box.isChecked();
  await tabTo(page, box, { max: 80 });
  await page.keyboard.press(' ');
  await expect(box).toBeChecked({ checked: !was });
  await snap(page, `alert-settings-${language}`);
  await activate(page, page.getByRole('button', { name: w.save }));
  await expect(page.getByRole('alert').filter({ hasText: w.saved })).toBeVisible();
  await page.reload();
  await expect(table.getByRole('checkbox', { name: w.box })).toBeChecked({ checked: !was });
  // Put back for the next run.
  await table.getByRole('checkbox', { name: w.box }).click();
  await page.getByRole('button', { name: w.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: w.saved }).last()).toBeVisible();
}

/** Staff pick the two oldest alerts of the queue with the keyboard and acknowledge them. */
async function acknowledgeTwo(staff: Page, w: Words, language: string) {
  await staff.goto('/admin/exceptions');
  const table = staff.getByRole('table', { name: w.queue });
  await expect(table).toBeVisible();
  const rows = table.getByTestId('exception-row');
  expect(await rows.count(), 'the demo has alerts in the queue').toBeGreaterThanOrEqual(2);
  // An alert is its shipment and kind (the row's checkbox says both) raised at one instant: the
  // demo's tracking raises new alerts meanwhile, some for the same shipment.
  const picked = await Promise.all(
    [0, 1].map(async (i) => ({
      checkbox: (await rows.nth(i).getByRole('checkbox').getAttribute('aria-label')) ?? '',
      raisedAt: (await rows.nth(i).locator('time').getAttribute('datetime')) ?? '',
    })),
  );
  for (const i of [0, 1]) {
    await tabTo(staff, rows.nth(i).getByRole('checkbox', { name: w.selectRow }), { max: 80 });
    await staff.keyboard.press(' ');
  }
  await expect(staff.getByTestId('selected-count')).toHaveText(w.selected);
  await snap(staff, `exceptions-${language}`);
  // The bulk action sits above the queue: back up from the rows to it.
  await tabTo(staff, staff.getByRole('button', { name: w.acknowledge, exact: true }), { back: true, max: 80 });
  await staff.keyboard.press('Enter');
  const dialog = staff.getByRole('dialog', { name: w.confirmTitle });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(staff, dialog, 4);
  await activate(staff, dialog.getByRole('button', { name: w.confirm }), 'Enter');
  await expect(staff.getByRole('alert').filter({ hasText: w.done })).toBeVisible();
  // The two left the queue.
  for (const alert of picked) {
    const row = rows
      .filter({ has: staff.getByRole('checkbox', { name: alert.checkbox, exact: true }) })
      .filter({ has: staff.locator(`time[datetime="${alert.raisedAt}"]`) });
    await expect(row).toHaveCount(0);
  }
}

// One run covers both languages: the shipper's screens in Spanish at phone width (after the
// navigation's count in English), the staff's queue in English at desktop width. The flow is the
// same in either language; the every-page walk checks each of these pages in the other one too.
test('the shipper reads and marks alerts and saves alert settings in Spanish on a phone; ops acknowledges two from the exceptions queue', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const company = await startAsNewCompany(
    page,
    { email: freshEmail('alerts-shipper'), password: 'Alerts#2026', company: uniqueCompanyName('Alerts Freight') },
    { onCredit: true },
  );
  const shipment = await seedShipment(page, company);
  const staff = await browser.newPage();
  try {
    await logInAsLookAlike(staff, 'ops@demo.test', 'alerts-ops');
    // Staff mark the shipment Action Required: its alert reaches the booker's portal, unread.
    await apiCall(staff, 'POST', `/api/admin/shipments/${shipment.id}/action-required`, {
      action_required: true,
      message: 'Please confirm the delivery appointment with the consignee.',
    });
    await expect.poll(() => unreadAlerts(page), { message: 'the alert in the shipper’s portal' }).toBeGreaterThan(0);
    // The navigation names the item and says the unread count after it.
    await page.goto('/track');
    await expect(
      page.getByRole('navigation', { name: WORDS.en.nav }).getByRole('link', { name: new RegExp(`^${WORDS.en.alerts}`) }),
    ).toBeVisible();
    await setPreferences(page, { language: 'es' });
    await page.setViewportSize({ width: 390, height: 844 });
    await readAlerts(page, WORDS.es, 'es');
    await saveSettings(page, WORDS.es, 'es');

    await acknowledgeTwo(staff, WORDS.en, 'en');
  } finally {
    await staff.close();
  }
});
