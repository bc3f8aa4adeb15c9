import { COUNTRIES, CURRENCIES } from '@freight/domain';
import { z } from 'zod';
import { QUOTE_MODES, SITE_TYPES } from './quotes';
import { teamPerson } from './team';

/*
 * What the quote routes answer, as strict schemas: the API tests hold the answers to them and the
 * partner API's OpenAPI document describes the answers from them. Money is integer cents in the
 * quote's currency; dates are `YYYY-MM-DD`, times ISO 8601 in UTC.
 */

/** A quoted end: what was asked (postal code, country, kind of site) and the city and state its postal code names. */
const quotedPlace = z.strictObject({
  postal_code: z.string(),
  country: z.enum(COUNTRIES),
  site_type: z.enum(SITE_TYPES),
  city: z.string().meta({ description: "The postal code's city; '' when the reference data does not know it" }),
  state: z.string(),
});

/** A quote in the list (GET /api/quotes): what was asked in brief and what it found, without its rates. */
export const quoteListItem = z.strictObject({
  id: z.uuid(),
  number: z.string().meta({ description: '`Q` and eight digits: what the shipper quotes by' }),
  mode: z.enum(QUOTE_MODES),
  client_ref: z.string().nullable().meta({ description: "The caller's own reference for the quote, when it gave one" }),
  saved: z.boolean().meta({ description: 'Kept by the shipper for later (saved quotes do not expire from the list)' }),
  currency: z.enum(CURRENCIES).meta({ description: 'ISO 4217 code of the quote’s prices' }),
  lowest_total_cents: z.number().int().nullable().meta({ description: 'The cheapest rate’s total; null when it found none' }),
  created_at: z.iso.datetime(),
  expires_at: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'When its rates stop holding (booking it later answers 409 `quote_expired`); null on quotes from before expiry' }),
  pickup_date: z.iso.date(),
  origin: quotedPlace,
  destination: quotedPlace,
  load: z.strictObject({
    pieces: z.number().int().meta({ description: 'Handling units' }),
    weight_lb: z.number().int().meta({ description: 'Total weight in pounds, rounded' }),
    classes: z.array(z.number()).meta({ description: 'The freight classes an LTL quote was rated with, lowest first; [] otherwise' }),
  }),
  rates_count: z.number().int(),
  created_by: teamPerson.nullable().meta({ description: "Who of the account's team ran it" }),
});
export type QuoteListItem = z.output<typeof quoteListItem>;
