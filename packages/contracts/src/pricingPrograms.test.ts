import { describe, expect, it } from 'vitest';
import { pricingProgramDraftRequest } from './pricingPrograms';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const program = (over: object = {}) => ({
  rules: [{ name: 'LTL', match: { mode: 'ltl' }, adjustment: { kind: 'markup', markup_bp: 1_500 } }],
  contract_lanes: [],
  minimum_margin_cents: 3_500,
  minimum_margin_bp: 800,
  ...over,
});
const lane = (over: object = {}) => ({
  name: 'Chicago - Dallas',
  mode: 'ltl',
  origin: { zip3: ['606'] },
  destination: { states: ['tx'] },
  price_cents: 29_500,
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  ...over,
});

describe('pricingProgramDraftRequest', () => {
  it('reads a program, upper-casing states and SCACs and dropping a repeated zone', () => {
    const parsed = pricingProgramDraftRequest.parse({
      program: program({
        rules: [
          {
            name: ' SAIA ',
            match: { carrier_scac: 'saia', origin: { zip3: ['606', '606'] } },
            adjustment: { kind: 'flat', amount_cents: 900 },
          },
        ],
        contract_lanes: [lane()],
      }),
    });
    expect(parsed.note).toBe('');
    expect(parsed.program.rules[0]).toEqual({
      name: 'SAIA',
      match: { carrier_scac: 'SAIA', origin: { zip3: ['606'] } },
      adjustment: { kind: 'flat', amount_cents: 900 },
    });
    expect(parsed.program.contract_lanes[0]?.destination).toEqual({ states: ['TX'] });
  });

  it('names each wrong field with its reason', () => {
    const r = pricingProgramDraftRequest.safeParse({
      program: program({
        minimum_margin_bp: 6_000,
        minimum_margin_cents: 10.5,
        rules: [
          { name: '', match: { mode: 'rail' }, adjustment: { kind: 'markup', markup_bp: -1 } },
          { name: 'x', match: { mode: 'parcel' }, adjustment: { kind: 'discount_off_base', discount_bp: 5_000 } },
          {
            name: 'y',
            match: { origin: { states: ['IL'], zip3: ['606'] }, weight: { min_lb: 1_000, max_lb: 500 } },
            adjustment: { kind: 'gift' },
          },
        ],
        contract_lanes: [lane({ valid_to: '2025-12-31', origin: { zip3: ['60'] }, price_cents: 0 })],
      }),
    });
    expect(messages(r)).toEqual({
      'program.minimum_margin_bp': 'validation.too_large',
      'program.minimum_margin_cents': 'validation.integer',
      'program.rules.0.name': 'validation.required',
      'program.rules.0.match.mode': 'validation.choice',
      'program.rules.0.adjustment.markup_bp': 'validation.not_negative',
      'program.rules.1.match.mode': 'validation.discount_ltl_only',
      'program.rules.2.match.origin': 'validation.place_match',
      'program.rules.2.match.weight.max_lb': 'validation.ascending',
      'program.rules.2.adjustment.kind': 'validation.choice',
      'program.contract_lanes.0.origin.zip3.0': 'validation.zip3',
      'program.contract_lanes.0.price_cents': 'validation.positive',
      'program.contract_lanes.0.valid_to': 'validation.date_range',
    });
  });
});
