import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/*
 * Text messages (modules/sms, docs/sms.md): each user's mobile number for alerts, the numbers that
 * texted STOP, and what was sent.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** A user's mobile number for alerts, in E.164 form (+13125550100); no row, no texts. */
export const userSmsNumbers = pgTable(
  'user_sms_numbers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('user_sms_numbers_phone_idx').on(t.phoneNumber)],
);

/**
 * A number that answered STOP (or another opt-out word): it gets nothing until it answers START.
 * Kept per number, not per user, as the carriers keep it: whoever's alerts name that phone.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phoneNumber: text('phone_number').primaryKey(),
  keyword: text('keyword').notNull(),
  optedOutAt: stamp('opted_out_at').notNull(),
});

/** Each text handed to the provider (not its words): its message SID, or the provider's error code. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toNumber: text('to_number').notNull(),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    providerSid: text('provider_sid'),
    errorCode: integer('error_code'),
    createdAt: stamp('created_at').notNull(),
  },
  (t) => [index('sms_messages_user_created_idx').on(t.userId, t.createdAt)],
);
