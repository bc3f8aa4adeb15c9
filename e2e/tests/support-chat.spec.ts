import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a shipper asks about a shipment from its page; ops answers from the inbox in Spanish; the read mark and the reply arrive live', async ({
  page,
  browser,
}) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'chat-shipper', { at: '/track' });
  await page.locator('a[href^="/track/detail/"]').first().click();
  const heading = page.getByRole('heading', { name: /^BOL / });
  await expect(heading).toBeVisible();
  const bol = ((await heading.textContent()) ?? '').replace('BOL ', '').trim();

  // The chat opened from the shipment is about it: category and BOL filled in.
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat with support' });
  await expect(chat.getByLabel('BOL or invoice number')).toHaveValue(bol);
  await expect(chat.getByRole('combobox', { name: 'Issue category' })).toHaveValue('Shipping');
  const question = `Is ${bol} still arriving on time? We close at 4 pm.`;
  await chat.getByLabel('Message').fill(question);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  await expect(chat.getByText('Open', { exact: true })).toBeVisible();
  await snap(page, 'support-chat-sent');

  // Ops, in Spanish, in a second browser: the inbox counts it and opens it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logInAsLookAlike(staff, 'ops@demo.test', 'chat-ops', { settings: { language: 'es' }, at: '/admin/support' });
  await expect(staff.getByRole('heading', { name: 'Soporte' })).toBeVisible();
  const row = staff.getByTestId('inbox-row').filter({ hasText: question });
  await expect(row).toContainText('Demo Shipper Co');
  await row.click();
  await expect(staff.getByRole('link', { name: `Envío ${bol}` })).toBeVisible();
  await expect(staff.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();

  // The shipper sees that support read the message, without a reload.
  await expect(chat.getByText('Read', { exact: false }).last()).toBeVisible();

  // An internal note stays with staff; the reply goes to the shipper, live.
  await staff.getByLabel('Nota interna', { exact: true }).check();
  await staff.getByLabel('Nota interna (solo la ve el personal)').fill('Called the terminal: on the truck for delivery.');
  await staff.getByRole('button', { name: 'Enviar' }).click();
  await expect(staff.getByTestId('chat-message').filter({ hasText: 'Called the terminal' })).toBeVisible();
  await staff.getByLabel('Nota interna', { exact: true }).uncheck();
  const reply = 'Yes: it is out for delivery and will arrive before 3 pm.';
  await staff.getByLabel('Responder al cliente').fill(reply);
  await staff.getByRole('button', { name: 'Enviar' }).click();
  await expect(staff.getByTestId('conversation-state')).toHaveText('Esperando al cliente');
  await snap(staff, 'support-inbox-es');

  await expect(chat.getByTestId('chat-message').filter({ hasText: reply })).toBeVisible();
  await expect(chat.getByText('Waiting for you')).toBeVisible();
  await expect(chat.getByText('Called the terminal')).toHaveCount(0);
  await snap(page, 'support-chat-reply');
  await staffContext.close();
});

test('the chat asks for an issue category, in the spec words, and the Support dialog gives the phone and hours', async ({ page }) => {
  await logInAsLookAlike(page, 'other@demo.test', 'chat-other', { at: '/my-shipments' });
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat with support' });
  // The demo desk answered a question of this account already: the list shows it.
  await expect(chat.getByTestId('conversation-row').first()).toBeVisible();
  await chat.getByRole('button', { name: 'New conversation' }).click();
  await chat.getByLabel('Message').fill('How do I add a second user?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText('Please select an issue category')).toBeVisible();
  await chat.getByRole('combobox', { name: 'Issue category' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'How do I add a second user?' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await expect(dialog).toContainText('(312) 555-0150');
  await expect(dialog).toContainText('Monday to Friday, 08:00 to 18:00');
  await snap(page, 'support-dialog');
});
