import type { PricingProgramData, PricingProgramDraftRequest } from '@freight/contracts';
import type { ContractLane, PlaceMatch, PricingRule, WeightRange } from '@freight/domain/pricing';

/**
 * The editor's values: the draft request as the server takes it, so its errors come back on the
 * same paths ('program.rules.0.match.origin'). Every optional field of a rule's match and of a
 * lane is a key of its own (undefined when left out) and every weight range an object, so an
 * error on a field not filled in still finds its field, and a figure typed into an empty weight
 * range has somewhere to go.
 */
export interface ProgramFormValues {
  program: PricingProgramData;
  note: string;
}

const filledWeight = (w: WeightRange | undefined) => (w && (w.min_lb !== undefined || w.max_lb !== undefined) ? w : undefined);

function editableRule(r: PricingRule): PricingRule {
  const { mode, carrier_scac, origin, destination, weight } = r.match;
  return {
    ...r,
    match: { mode, carrier_scac, origin, destination, weight: weight ?? {} },
    minimum_margin_cents: r.minimum_margin_cents,
    minimum_margin_bp: r.minimum_margin_bp,
  };
}
const editableLane = (l: ContractLane): ContractLane => ({ ...l, carrier_scac: l.carrier_scac, weight: l.weight ?? {} });

/** A stored program as the editor's values. */
export const programFormValues = (program: PricingProgramData, note: string): ProgramFormValues => ({
  program: {
    ...program,
    rules: program.rules.map(editableRule),
    contract_lanes: program.contract_lanes.map(editableLane),
  },
  note,
});

/** The request of the form's values: weight ranges with no figure left out (a range names a weight only with one). */
export const draftRequest = (v: ProgramFormValues): PricingProgramDraftRequest => ({
  note: v.note,
  program: {
    ...v.program,
    rules: v.program.rules.map((r) => ({ ...r, match: { ...r.match, weight: filledWeight(r.match.weight) } })),
    contract_lanes: v.program.contract_lanes.map((l) => ({ ...l, weight: filledWeight(l.weight) })),
  },
});

/** What Add rule inserts: every rate marked up 10%, to be narrowed. */
export const newRule = (): PricingRule => editableRule({ name: '', match: {}, adjustment: { kind: 'markup', markup_bp: 1_000 } });

/** What Add contract lane inserts: an LTL lane valid for a year from `today`. */
export function newLane(today: string): ContractLane {
  const end = new Date(`${today}T12:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  end.setUTCDate(end.getUTCDate() - 1);
  return editableLane({
    name: '',
    mode: 'ltl',
    origin: { zip3: [] },
    destination: { zip3: [] },
    price_cents: 0,
    valid_from: today,
    valid_to: end.toISOString().slice(0, 10),
  });
}

/** Which list a place names, or 'any' for a rule's end left open. */
export type PlaceKind = 'any' | 'states' | 'zip3';
export const placeKind = (p: PlaceMatch | undefined): PlaceKind => (p === undefined ? 'any' : 'states' in p ? 'states' : 'zip3');
export const placeList = (p: PlaceMatch | undefined): string[] => (p === undefined ? [] : 'states' in p ? p.states : p.zip3);
