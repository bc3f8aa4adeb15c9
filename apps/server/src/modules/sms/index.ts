/**
 * Text messages for other modules (docs/sms.md). `sendSmsToUser(ctx, userId, body)` texts a user's
 * mobile number for alerts and answers 'sent' | 'opted_out' | 'no_number' | 'failed'; it never
 * throws. `ctx` is the caller's AppContext (or its `db`, not a transaction). Another module
 * imports them from './sms.service' (the boundary lint lets modules meet through services only).
 */
export { type SmsOutcome, sendSmsToUser, smsStatusOfUser } from './sms.service';
