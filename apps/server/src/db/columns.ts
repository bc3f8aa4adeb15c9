import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made and last changed: with the time zone, set by the database when not given. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
