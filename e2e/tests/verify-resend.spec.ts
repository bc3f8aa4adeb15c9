import { freshEmail, mailsTo, mailWithLink, signUp } from '../support/flows';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a new user resends the verification email, is told to wait when asking again, and a tampered link is refused', async ({ page }) => {
  const email = freshEmail('resend');
  await signUp(page, { email, password: 'Resend#2026', firstName: 'Vera' });
  await expect(page).toHaveTitle('Verify your email | Freight Portal');
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
  await mailWithLink(email, '/email/verify/');
  expect(mailsTo(email)).toHaveLength(1);

  const resend = page.getByRole('button', { name: 'Resend verification email' });
  await resend.click();
  const resent = page.getByRole('alert').filter({ hasText: 'Verification email resent' });
  await expect(resent).toContainText('A new verification link has been sent to your email address.');
  await expect.poll(() => mailsTo(email).length).toBe(2);

  // Asking again at once: refused, with the reason and the seconds to wait.
  await resend.click();
  const refused = page.getByRole('alert').filter({ hasText: 'The verification email could not be resent' });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(/A verification email was sent moments ago\. You can ask for another in \d+ seconds\./);
  await expect(refused.getByText(/You can ask for another in/)).toHaveCount(1); // said once, not again as a listed reason
  const seconds = Number((await refused.textContent())?.match(/in (\d+) seconds/)?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  await expect(page).toHaveURL(/\/verify-email$/);
  await snap(page, 'verify-resend-throttled');
  expect(mailsTo(email)).toHaveLength(2); // nothing sent for the refused request

  // The resent link with a tampered signature lands on 'Invalid link'.
  const latest = await mailWithLink(email, '/email/verify/');
  expect(latest.subject).toBe('Verify your email address');
  const link = new URL(latest.link);
  const signature = link.searchParams.get('signature') ?? '';
  expect(signature).not.toBe('');
  link.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
  await page.goto(link.toString());
  await expect(page).toHaveURL(/\/email-verified\?status=invalid$/);
  await expect(page).toHaveTitle('Invalid link | Freight Portal');
  await expect(page.getByRole('heading', { name: 'Invalid link' })).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'This verification link is not valid. Use the latest link we emailed you, or log in to request a new one.' }),
  ).toBeVisible();
  await snap(page, 'email-verified-invalid');

  // Still unverified: the portal keeps sending the user back to the verify page.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  // The untouched link still verifies the address.
  await page.goto(latest.link);
  await expect(page).toHaveURL(/\/email-verified\?status=verified$/);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
});
