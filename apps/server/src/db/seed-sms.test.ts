import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsStatusOfUser } from '../modules/sms/sms.service';
import { alertPreferences, users } from './schema';
import { DEMO_SHIPPER_MOBILE } from './seed-sms';
import { seededDemoDatabase } from './seeded-demo.test-support';

const demo = seededDemoDatabase(new Date('2026-11-25T16:00:00Z'));

describe('the demo text messages', () => {
  it('give the demo shipper a fictional mobile number that takes texts, and Action Required by text', async () => {
    const { db } = demo();
    const [shipper] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));
    const status = await smsStatusOfUser(db, shipper?.id ?? '');
    expect(status).toMatchObject({ mobileNumber: DEMO_SHIPPER_MOBILE, optedOut: false });
    expect(DEMO_SHIPPER_MOBILE).toMatch(/^\+1\d{3}55501\d\d$/);
    const chosen = await db
      .select()
      .from(alertPreferences)
      .where(eq(alertPreferences.userId, shipper?.id ?? ''));
    expect(chosen).toEqual([expect.objectContaining({ kind: 'action_required', portal: true, mail: true, sms: true })]);
  });
});
