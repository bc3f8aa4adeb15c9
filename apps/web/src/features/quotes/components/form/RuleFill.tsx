import type { AutomationMatchRequest } from '@freight/contracts';
import { toInches, toPounds } from '@freight/domain/rating/units';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo, useRef } from 'react';
import { SetByRule, useQuoteRuleOutcome } from '../../../automation-rules';
import type { AccessorialCode, FormValues, ModePick } from './model';
import { toNumber } from './parse';
import { withAccessorial } from './recommendations';

/** The form's shipment as the rules read it, or null until both postal codes and a weight are typed. */
function factsOf(v: FormValues): AutomationMatchRequest | null {
  if (!v.origin.postal_code.trim() || !v.destination.postal_code.trim()) return null;
  let weight = 0;
  let longest = 0;
  let count = 0;
  for (const i of v.items) {
    const q = toNumber(i.quantity) ?? 0;
    weight += q * toPounds(toNumber(i.weight) ?? 0, v.unit_system);
    longest = Math.max(longest, ...[i.length, i.width, i.height].map((d) => toInches(toNumber(d) ?? 0, v.unit_system)));
    count += q;
  }
  if (weight <= 0) return null;
  return {
    origin: { postal_code: v.origin.postal_code.trim(), country: v.origin.country, site_type: v.origin.site_type },
    destination: { postal_code: v.destination.postal_code.trim(), country: v.destination.country, site_type: v.destination.site_type },
    weight_lb: Math.round(weight * 100) / 100,
    longest_side_in: Math.round(longest * 100) / 100,
    item_count: count,
    skus: [],
    order_value_cents: Math.round((toNumber(v.insured_value) ?? 0) * 100),
    hazmat: v.items.some((i) => i.hazardous),
  };
}

/**
 * The quote form pre-filled by the account's automation rules: when what the rules set changes,
 * the mode and accessorials they name are put in the form once ("set by rule X" shows which);
 * the shipper may change them afterwards, and the form's own override warnings apply as to any
 * change. A truckload mode is not the LTL & Small Package form's to take.
 */
export function RuleFill({ form, onApply }: { form: UseFormReturnType<FormValues>; onApply: (change: Partial<FormValues>) => void }) {
  const values = form.values;
  const facts = useMemo(() => factsOf(values), [values]);
  const outcome = useQuoteRuleOutcome(facts).data;
  const applied = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new outcome fills the form
  useEffect(() => {
    if (!outcome) return;
    const signature = JSON.stringify(outcome);
    if (signature === applied.current) return;
    applied.current = signature;
    const change: Partial<FormValues> = {};
    const mode = outcome.actions.mode;
    if (mode === 'ltl' || mode === 'parcel') change.mode_pick = mode as ModePick;
    if (outcome.actions.accessorials?.length) {
      change.accessorials = outcome.actions.accessorials.reduce<AccessorialCode[]>(
        (list, code) => withAccessorial(list, code as AccessorialCode, true),
        form.getValues().accessorials,
      );
    }
    if (Object.keys(change).length) onApply(change);
  }, [outcome]);
  return <SetByRule outcome={outcome} compact />;
}
