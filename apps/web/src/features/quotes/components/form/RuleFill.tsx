import { type AutomationMatchRequest, PACKAGE_TYPES } from '@freight/contracts';
import type { UnitSystem } from '@freight/domain';
import { toInches, toPounds } from '@freight/domain/rating/units';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo, useRef } from 'react';
import { SetByRule, useQuoteRuleOutcome } from '../../../automation-rules';
import type { AccessorialCode, FormValues, ItemValues, ModePick, PackageType } from './model';
import { type NumberValue, toNumber } from './parse';
import { withAccessorial } from './recommendations';

/** A shipment as typed (the form's strings) or as stored (a quote's request): what the rules read of it. */
export interface RuleFactsSource {
  origin?: { postal_code?: string; country?: string; site_type?: string };
  destination?: { postal_code?: string; country?: string; site_type?: string };
  items?: {
    quantity?: NumberValue;
    weight?: NumberValue;
    length?: NumberValue;
    width?: NumberValue;
    height?: NumberValue;
    hazardous?: boolean;
  }[];
  unit_system?: UnitSystem;
  insured_value?: NumberValue;
}

/** The shipment as the rules read it, or null until both postal codes and a weight are known. */
export function ruleFactsOf(v: RuleFactsSource): AutomationMatchRequest | null {
  const origin = v.origin?.postal_code?.trim();
  const destination = v.destination?.postal_code?.trim();
  if (!origin || !destination) return null;
  const units = v.unit_system ?? 'imperial';
  let weight = 0;
  let longest = 0;
  let count = 0;
  for (const i of v.items ?? []) {
    const q = toNumber(i.quantity) ?? 0;
    weight += q * toPounds(toNumber(i.weight) ?? 0, units);
    longest = Math.max(longest, ...[i.length, i.width, i.height].map((d) => toInches(toNumber(d) ?? 0, units)));
    count += q;
  }
  if (weight <= 0) return null;
  const place = (p: RuleFactsSource['origin'], postalCode: string) =>
    ({ postal_code: postalCode, country: p?.country ?? 'US', site_type: p?.site_type ?? 'business' }) as AutomationMatchRequest['origin'];
  return {
    origin: place(v.origin, origin),
    destination: place(v.destination, destination),
    weight_lb: Math.round(weight * 100) / 100,
    longest_side_in: Math.round(longest * 100) / 100,
    item_count: count,
    skus: [],
    order_value_cents: Math.round((toNumber(v.insured_value) ?? 0) * 100),
    hazmat: (v.items ?? []).some((i) => i.hazardous),
  };
}

/**
 * Item lines with a rule's package preset where they name no package type (a new line, say);
 * null when there is no preset or no such line, so nothing is changed.
 */
export function withPackagePreset(items: readonly ItemValues[], preset: string | undefined): ItemValues[] | null {
  if (!preset || !(PACKAGE_TYPES as readonly string[]).includes(preset) || items.every((i) => i.package_type)) return null;
  return items.map((i) => (i.package_type ? i : { ...i, package_type: preset as PackageType }));
}

/**
 * The quote form pre-filled by the account's automation rules: when what the rules set changes,
 * the mode and accessorials they name are put in the form once, and their package preset on
 * every item line that names no package type, a line added later included ("set by rule X" shows which);
 * the shipper may change them afterwards, and the form's own override warnings apply as to any
 * change. A truckload mode is not the LTL & Small Package form's to take.
 */
export function RuleFill({ form, onApply }: { form: UseFormReturnType<FormValues>; onApply: (change: Partial<FormValues>) => void }) {
  const values = form.values;
  const facts = useMemo(() => ruleFactsOf(values), [values]);
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
    const items = withPackagePreset(form.getValues().items, outcome.actions.package_preset);
    if (items) change.items = items;
    if (Object.keys(change).length) onApply(change);
  }, [outcome]);
  const lines = values.items.length;
  const preset = outcome?.actions.package_preset;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a line added (or a preset come) fills the lines without a type
  useEffect(() => {
    const items = withPackagePreset(form.getValues().items, preset);
    if (items) onApply({ items });
  }, [lines, preset]);
  return <SetByRule outcome={outcome} compact />;
}
