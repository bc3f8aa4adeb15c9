import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';

/*
 * Customer pricing programs (the broker's sell side, packages/domain/src/pricing): the default
 * program and one per account that has its own, each versioned exactly as carrier tariffs are.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** A program: the default one (no account; only one may exist) or an account's. Locked while its versions change. */
export const pricingPrograms = pgTable(
  'pricing_programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pricing_programs_account_unique').on(t.accountId),
    uniqueIndex('pricing_programs_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

/** One version of a program: at most one draft; published ones price pickups from their effective date. */
export const pricingProgramVersions = pgTable(
  'pricing_program_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => pricingPrograms.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    // The same two states as a carrier tariff's versions (schema.ts's constant is not yet defined when this file loads).
    state: text('state', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** The program's rules, contract lanes and minimum margin (PricingProgram in the domain's terms). */
    program: jsonb('program').$type<unknown>().notNull(),
    note: text('note').notNull().default(''),
    /** The version this one was restored from, when it was made by "restore". */
    restoredFrom: uuid('restored_from'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: stamp('published_at'),
    /** A hash of the draft as last previewed, and that preview's impact: publishing needs the same draft previewed. */
    previewedHash: text('previewed_hash'),
    previewImpact: jsonb('preview_impact').$type<unknown>(),
  },
  (t) => [
    uniqueIndex('pricing_program_versions_number_unique').on(t.programId, t.number),
    index('pricing_program_versions_effective_idx').on(t.programId, t.state, t.effectiveDate),
  ],
);
