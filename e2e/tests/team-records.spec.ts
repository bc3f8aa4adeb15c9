import { bookFirstRate, quoteAndBookInSpanish } from '../support/booking';
import { freshEmail } from '../support/flows';
import { ratePallets } from '../support/quote';
import { seedColleague, seedCompany, seedShipment, uniqueCompanyName } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * Every record names its person, and a list narrows to the reader's own: in a company of the
 * scenario's own (on credit terms), whose account admin (Dana Tester) has booked a shipment, the
 * shipper (Carla Clerk) quotes and books one; Shipment History and Quote History start on 'Mine'
 * for a shipper and list only hers; the account admin starts on the whole account, where the new
 * shipment names who booked it, and 'Mine' leaves it out. In English, then in Spanish.
 */

const CLERK_NAME = 'Carla Clerk';

const WORDS = {
  en: {
    booked: 'Shipment booked',
    show: 'Show',
    mine: 'Mine',
    mineQuotes: 'Mine',
    whole: 'Whole account',
    bookedColumn: 'Booked',
    bookedBy: `Booked by ${CLERK_NAME}`,
    createdColumn: 'Created',
    createdBy: `Created by ${CLERK_NAME}`,
    quoteHistory: 'Quote History',
  },
  es: {
    booked: 'Envío reservado',
    show: 'Mostrar',
    mine: 'Míos',
    mineQuotes: 'Mías',
    whole: 'Toda la cuenta',
    bookedColumn: 'Reservado',
    bookedBy: `Reservado por ${CLERK_NAME}`,
    createdColumn: 'Creada',
    createdBy: `Creada por ${CLERK_NAME}`,
    quoteHistory: 'Historial de cotizaciones',
  },
} as const;
type Language = keyof typeof WORDS;
type Words = (typeof WORDS)[Language];

/** The 'Show' switch of the list on screen: its two choices, and the words a person clicks for 'Mine'. */
function showSwitch(page: Page, w: Words, mine: string = w.mine) {
  const group = page.getByRole('radiogroup', { name: w.show });
  return {
    mine: group.getByRole('radio', { name: mine }),
    whole: group.getByRole('radio', { name: w.whole }),
    chooseMine: () => group.getByText(mine, { exact: true }).click(),
  };
}

/** The texts of a column of the list's rows (each body cell carries its column's name). */
const column = (page: Page, name: string) => page.locator(`tbody td[data-label="${name}"]`);

/** A browser of its own signed in as `email`, in `language`. */
async function signedIn(browser: Browser, email: string, password: string, language: Language) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, { password });
  if (language === 'es') {
    await setPreferences(page, { language: 'es' });
    await page.reload();
  }
  return page;
}

/** The clerk quotes Chicago -> Atlanta on Quote & Ship and books the cheapest rate; answers its BOL number. */
async function clerkBooks(page: Page, language: Language, w: Words) {
  if (language === 'en') {
    await ratePallets(page, { to: '30303', quantity: '2', weight: '500', value: '1000' });
    await bookFirstRate(page, 'en');
  } else {
    await quoteAndBookInSpanish(page, '500');
  }
  await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
  const bol = /\d{17}/.exec((await page.getByTestId('confirmation-bol').textContent()) ?? '')?.[0];
  expect(bol).toBeTruthy();
  return bol as string;
}

async function scenario(browser: Browser, language: Language) {
  const w = WORDS[language];
  const password = 'Records#2026';
  const adminEmail = freshEmail(`records-admin-${language}`);
  const company = await seedCompany(
    { email: adminEmail, password, firstName: 'Dana', company: uniqueCompanyName('Records Freight') },
    { onCredit: true },
  );
  const colleague = await seedColleague(company, `records-clerk-${language}`, 'shipper', { firstName: 'Carla', lastName: 'Clerk' });
  const clerk = await signedIn(browser, colleague.email, colleague.password, language);
  const admin = await signedIn(browser, adminEmail, password, language);
  try {
    // The admin's own booking (and its quote): the account holds a record that is not the shipper's.
    await seedShipment(admin, company);
    const bol = await clerkBooks(clerk, language, w);

    // The shipper's Shipment History starts on their own: every row names her as its booker, the new one first.
    await clerk.goto('/my-shipments');
    const clerkShow = showSwitch(clerk, w);
    await expect(clerkShow.mine).toBeChecked();
    await expect(clerk.getByRole('row').filter({ hasText: bol })).toContainText(w.bookedBy);
    const clerkBooked = column(clerk, w.bookedColumn);
    await expect(clerkBooked.first()).toContainText(w.bookedBy);
    for (const text of await clerkBooked.allTextContents()) expect(text).toContain(w.bookedBy);
    await expect(clerk).toHaveURL(/\/my-shipments$/);
    await snap(clerk, `team-records-clerk-mine-${language}`);

    // Quote History too: her quote, named as hers, and only hers.
    await clerk.goto('/quote-history');
    await expect(clerk.getByRole('heading', { name: w.quoteHistory })).toBeVisible();
    await expect(showSwitch(clerk, w, w.mineQuotes).mine).toBeChecked();
    const clerkCreated = column(clerk, w.createdColumn);
    await expect(clerkCreated.first()).toContainText(w.createdBy);
    for (const text of await clerkCreated.allTextContents()) expect(text).toContain(w.createdBy);
    await snap(clerk, `team-records-clerk-quotes-${language}`);

    // The account admin starts on the whole account: the clerk's booking names her.
    await admin.goto('/my-shipments');
    const adminShow = showSwitch(admin, w);
    await expect(adminShow.whole).toBeChecked();
    const row = admin.getByRole('row').filter({ hasText: bol });
    await expect(row.locator(`td[data-label="${w.bookedColumn}"]`)).toContainText(w.bookedBy);
    await snap(admin, `team-records-admin-whole-${language}`);

    // 'Mine' keeps the admin's own bookings, in the URL: the clerk's is not among them.
    await adminShow.chooseMine();
    await expect(admin).toHaveURL(/\?mine=true$/);
    await expect(adminShow.mine).toBeChecked();
    await expect(admin.getByRole('row').filter({ hasText: bol })).toHaveCount(0);
    await expect(column(admin, w.bookedColumn).filter({ hasText: CLERK_NAME })).toHaveCount(0);
    // Back: the whole account again.
    await admin.goBack();
    await expect(adminShow.whole).toBeChecked();
    await expect(admin.getByRole('row').filter({ hasText: bol })).toHaveCount(1);
  } finally {
    await clerk.context().close();
    await admin.context().close();
  }
}

test('a shipper books and quotes; Mine lists only theirs, and the account admin’s whole account names who booked (English)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await scenario(browser, 'en');
});

test('lo mismo en español: Míos y Mías para la remitente, Toda la cuenta nombra a quien reservó', async ({ browser }) => {
  test.setTimeout(120_000);
  await scenario(browser, 'es');
});
