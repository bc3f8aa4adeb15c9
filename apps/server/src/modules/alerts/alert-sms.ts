import type { Db } from '../../db/client';
import { sendSmsToUser, smsStatusOfUser } from '../sms/sms.service';

/**
 * The alerts' one door to text messages (modules/sms, docs/sms.md): sending never throws (it
 * answers what became of the text), and a user can get texts when they have a number for alerts
 * that has not answered STOP.
 */
export const sendAlertSms = (db: Db, userId: string, body: string) => sendSmsToUser(db, userId, body);

export async function canTextUser(db: Db, userId: string) {
  const status = await smsStatusOfUser(db, userId);
  return Boolean(status.mobileNumber) && !status.optedOut;
}
