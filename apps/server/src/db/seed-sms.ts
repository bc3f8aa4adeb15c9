import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { alertPreferences, userSmsNumbers, users } from './schema';

/** The demo shipper's mobile number: 555-01xx numbers are set aside for fiction, so no one is texted. */
export const DEMO_SHIPPER_MOBILE = '+13125550142';

/**
 * A mobile number for the demo shipper, with Action Required alerts chosen by text as well, so
 * Settings shows a number and the alert settings an SMS choice already made. The texts go to the
 * embedded Twilio simulator unless real keys are configured.
 */
export async function seedDemoSms(tx: Db, now: Date) {
  const [shipper] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!shipper) return;
  await tx.insert(userSmsNumbers).values({ userId: shipper.id, phoneNumber: DEMO_SHIPPER_MOBILE, createdAt: now, updatedAt: now });
  await tx
    .insert(alertPreferences)
    .values({ userId: shipper.id, kind: 'action_required', portal: true, mail: true, sms: true, updatedAt: now })
    .onConflictDoNothing();
}
