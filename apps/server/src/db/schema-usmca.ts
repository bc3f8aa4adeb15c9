import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';

/**
 * An account's USMCA certification of origin: who certifies, in what role, the producer, and the
 * blanket period its crossings fall in (both or neither). A booking copies it into the shipment's
 * declaration when a line claims USMCA.
 */
export const usmcaCertifications = pgTable('usmca_certifications', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  certifierRole: text('certifier_role', { enum: ['exporter', 'producer', 'importer'] }).notNull(),
  company: text('company').notNull(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  producer: text('producer', { enum: ['exporter', 'various', 'on_request'] }).notNull(),
  blanketFrom: date('blanket_from', { mode: 'string' }),
  blanketTo: date('blanket_to', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
