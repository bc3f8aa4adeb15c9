import { expectPageFitsWindow } from '../support/reflow';
import { logInAsLookAlike, seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/** A phone: the lists are cards and the support button an icon in the header. */
test.use({ viewport: { width: 390, height: 844 } });

const WORDS = {
  en: {
    chat: 'Chat with support',
    actionsFor: /^Actions for /,
    view: 'View',
    selectInvoice: /^Select invoice /,
    paySelected: 'Pay selected',
    toggle: 'Toggle navigation',
    mainNav: 'Main navigation',
    adminNav: 'Admin navigation',
  },
  es: {
    chat: 'Chatear con soporte',
    actionsFor: /^Acciones para /,
    view: 'Ver',
    selectInvoice: /^Seleccionar la factura /,
    paySelected: 'Pagar seleccionadas',
    toggle: 'Mostrar u ocultar la navegación',
    mainNav: 'Navegación principal',
    adminNav: 'Navegación de administración',
  },
} as const;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The support button covers no field, link or button of the page, at the top of the page and at
 * its end: the boxes of the page's visible controls (those below the header) never meet its box.
 */
async function expectChatCoversNothing(page: Page, chat: Locator) {
  for (const scrollTo of ['top', 'end'] as const) {
    await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), scrollTo);
    const chatBox = await chat.boundingBox();
    expect(chatBox).not.toBeNull();
    const controls = await page.locator('main').evaluate((main) => {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      return Array.from(main.querySelectorAll('a[href], button, input, select, textarea, [role="checkbox"], [role="radio"]'))
        .map((el) => ({
          label: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName,
          box: el.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width > 0 && box.height > 0 && box.top >= header && box.top < window.innerHeight)
        .map(({ label, box }) => ({ label, box: { x: box.x, y: box.y, width: box.width, height: box.height } }));
    });
    expect(controls.length, `controls in view at the ${scrollTo}`).toBeGreaterThan(0);
    const covered = controls.filter((c) => chatBox && overlap(chatBox, c.box)).map((c) => c.label);
    expect(covered, `controls under the support button at the ${scrollTo}`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A control scrolled to is wholly on the screen and in front: nothing covers its middle. */
async function expectReachable(control: Locator) {
  // In the middle of the screen: a control at the screen's edge would be in view only in part.
  await control.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(control).toBeInViewport({ ratio: 1 });
  const inFront = await control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!top && (el === top || el.contains(top));
  });
  expect(inFront).toBe(true);
}

// In Spanish, whose longer words are the harder fit at 390 px; the every-page walk checks both
// pages at phone width in English too.
for (const language of ['es'] as const) {
  const w = WORDS[language];

  test(`at 390 px (${language}) My Shipments and Open Invoices keep their actions in view, and the support button covers no control`, async ({
    page,
  }) => {
    await logInAsLookAlike(page, 'shipper@demo.test', 'phone-shipper', { settings: { language }, at: '/my-shipments' });
    // My Shipments: each shipment a card; the first and the last card's menu open with a real click.
    const menus = page.getByRole('button', { name: w.actionsFor });
    await expect(menus.first()).toBeVisible();
    await expectPageFitsWindow(page);
    await snap(page, `phone-my-shipments-${language}`);
    for (const menu of [menus.first(), menus.last()]) {
      await expectReachable(menu);
      await menu.click();
      await expect(page.getByRole('menuitem', { name: w.view, exact: true })).toBeVisible();
      await snap(page, `phone-my-shipments-menu-${language}`, { fullPage: false });
      // Escape to the menu itself: the menu takes focus a tick after it shows, and a key pressed
      // to the page before that reaches no listener (a landing run on a busy machine saw it stay open).
      await page.getByRole('menu').press('Escape');
      await expect(page.getByRole('menuitem', { name: w.view, exact: true })).toBeHidden();
    }
    const chat = page.getByRole('button', { name: new RegExp(`^${w.chat}`) });
    await expect(chat).toBeVisible();
    await expectChatCoversNothing(page, chat);

    // Open Invoices: the selection boxes, the document links and Pay selected.
    await page.goto('/my-invoices');
    const boxes = page.getByRole('checkbox', { name: w.selectInvoice });
    await expect(boxes.first()).toBeVisible();
    await expectPageFitsWindow(page);
    await snap(page, `phone-open-invoices-${language}`);
    const firstRow = page.getByTestId('invoice-row').first();
    await expectReachable(firstRow.getByRole('link').first());
    const last = page.getByTestId('invoice-row').last().getByRole('checkbox');
    await expectReachable(last);
    if (await last.isEnabled()) {
      await last.click();
      await expect(last).toBeChecked();
      await last.click();
    }
    await expectReachable(page.getByRole('button', { name: w.paySelected }));
    await snap(page, `phone-open-invoices-pay-${language}`, { fullPage: false });
    await expectChatCoversNothing(page, chat);

    // The quote form: a long page of fields.
    await page.goto('/');
    await expect(page.getByRole('button', { name: new RegExp(`^${w.chat}`) })).toBeVisible();
    await expectPageFitsWindow(page);
    await expectChatCoversNothing(page, chat);
    await snap(page, `phone-quote-form-${language}`, { fullPage: false });

    // The button works where it sits.
    await chat.click();
    await expect(page.getByRole('dialog', { name: w.chat })).toBeVisible();
  });
}

test('at 390 px (es) a shipment opened from the end of My Shipments opens at its top, and Back returns to the same place in the list', async ({
  page,
}) => {
  const w = WORDS.es;
  await logInAsLookAlike(page, 'shipper@demo.test', 'phone-scroll', { settings: { language: 'es' }, at: '/my-shipments' });
  const menus = page.getByRole('button', { name: w.actionsFor });
  await expect(menus.first()).toBeVisible();
  const last = menus.last();
  await last.scrollIntoViewIfNeeded();
  const listY = await page.evaluate(() => window.scrollY);
  expect(listY, 'the last card is below the first screen').toBeGreaterThan(400);

  await last.click();
  await page.getByRole('menuitem', { name: w.view, exact: true }).click();
  await expect(page).toHaveURL(/\/track\/detail\//);
  const title = page.getByRole('main').getByRole('heading', { name: 'Detalle del rastreo' });
  await expect(title).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Nothing of the header lies over the title.
  const headerBottom = await page
    .locator('header')
    .first()
    .evaluate((h) => h.getBoundingClientRect().bottom);
  expect((await title.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);

  await page.goBack();
  await expect(menus.last()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
});

/** The navigation landmarks Chromium gives a screen reader (its accessibility tree, not Playwright's reading of the DOM). */
async function exposedNavigations(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes.filter((n) => !n.ignored && n.role?.value === 'navigation').map((n) => String(n.name?.value ?? ''));
  } finally {
    await cdp.detach();
  }
}

/**
 * Tabs from the top of the page until focus is in the main content: no stop on the way may be
 * inside the navigation (closed, it waits off the screen). Returns the stops, for the message.
 */
async function tabToMain(page: Page, nav: Locator) {
  await page.locator('body').focus();
  const stops: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        inMain: !!el?.closest('main'),
        label: `${el?.tagName.toLowerCase()} "${(el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 40)}"`,
      };
    });
    stops.push(where.label);
    expect(await nav.evaluate((n) => n.contains(document.activeElement)), `Tab stops: ${stops.join(', ')}`).toBe(false);
    if (where.inMain) return;
  }
  throw new Error(`Tab never reached the main content: ${stops.join(', ')}`);
}

// Each area once: the shipper's in Spanish, the staff's in English (the same navigation component).
for (const language of ['en', 'es'] as const) {
  const w = WORDS[language];
  for (const area of [
    { user: 'shipper@demo.test', url: '/', nav: w.mainNav, language: 'es' },
    { user: 'super@demo.test', url: '/admin/dashboard', nav: w.adminNav, language: 'en' },
  ].filter((a) => a.language === language)) {
    test(`at 390 px (${language}) the closed navigation of ${area.url} is out of the Tab order and of the accessibility tree; opened, it takes focus and Escape gives it back`, async ({
      page,
    }) => {
      const user = await seedLookAlike(area.user, `phone-nav-${area.user.split('@')[0]}`);
      await logIn(page, user.email, { password: user.password, settings: { language }, at: area.url });
      const nav = page.locator('nav.mantine-AppShell-navbar');
      const burger = page.getByRole('button', { name: w.toggle });
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await tabToMain(page, nav);
      expect(await exposedNavigations(page)).not.toContain(area.nav);

      await burger.click();
      await expect(nav).toBeInViewport();
      await expect(burger).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link').first()).toBeFocused();
      expect(await exposedNavigations(page)).toContain(area.nav);
      await snap(page, `phone-navigation-open-${area.user.split('@')[0]}-${language}`, { fullPage: false });
      // The page under the open navigation is out of reach: Tab from its last link goes on to the header, never behind it.
      await nav.getByRole('link').last().focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main, footer'))).toBe(false);

      await nav.getByRole('link').first().focus();
      await page.keyboard.press('Escape');
      await expect(nav).not.toBeInViewport();
      await expect(burger).toBeFocused();
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
    });
  }
}
