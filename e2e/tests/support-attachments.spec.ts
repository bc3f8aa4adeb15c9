import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

const TEN_MB = 10 * 1024 * 1024;

test('a shipper attaches a 10 MB PDF whose name hides its type: it is stored whole under a name that says PDF; a file of another type is refused', async ({
  page,
}) => {
  await logInAsLookAlike(page, 'other@demo.test', 'attachments-other', { at: '/my-shipments' });
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat with support' });
  await expect(chat.getByTestId('conversation-row').first()).toBeVisible();
  await chat.getByRole('button', { name: 'New conversation' }).click();

  // A right-to-left override makes "claim<RLO>fdp.exe" read "claimexe.pdf"; the server drops it
  // and gives the name the extension of what the file is.
  const pdf = Buffer.alloc(TEN_MB, 0x20);
  pdf.write('%PDF-1.4\n', 0, 'latin1');
  const chooser = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Attach' }).click();
  await (await chooser).setFiles({ name: 'claim\u202efdp.exe', mimeType: 'application/octet-stream', buffer: pdf });
  await expect(chat.getByText('claimfdp.pdf', { exact: true })).toBeVisible({ timeout: 60_000 });

  // Another type, whatever its name, is refused with the reason.
  const html = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Attach' }).click();
  await (await html).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(chat.getByRole('alert').filter({ hasText: 'Attach images (PNG, JPEG, GIF, WebP) or PDF files only' })).toBeVisible();

  await chat.getByRole('combobox', { name: 'Issue category' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await chat.getByLabel('Message').fill('The signed claim form is attached.');
  await chat.getByRole('button', { name: 'Send' }).click();
  const link = chat.getByRole('link', { name: /^claimfdp\.pdf/ });
  await expect(link).toBeVisible();
  await snap(page, 'support-attachment-sent');

  // It downloads whole, as a PDF, under its clean name.
  const res = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toBe("attachment; filename*=UTF-8''claimfdp.pdf");
  expect((await res.body()).equals(pdf)).toBe(true);
});
