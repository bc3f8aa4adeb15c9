import {
  type AutomationDryRun,
  type AutomationDryRunSource,
  type AutomationRuleRequestInput,
  type AutomationRuleView,
  automationRuleRequest,
  PACKAGE_TYPES,
} from '@freight/contracts';
import { RULE_ACCESSORIALS, RULE_INSURANCE, RULE_MODES, RULE_SERVICE_LEVELS, type RuleActions, type RuleCondition } from '@freight/domain';
import { Button, Checkbox, Divider, Group, Modal, MultiSelect, NativeSelect, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { serverFieldErrors, zodErrors } from '../../../lib/forms';
import { rulesApi } from '../api/rulesApi';
import { blankCondition, ConditionRow } from './ConditionRow';
import { DryRunPanel } from './DryRunPanel';

export interface RuleDraft {
  name: string;
  enabled: boolean;
  conditions: RuleCondition[];
  actions: RuleActions;
}

export const draftOf = (rule: AutomationRuleView | null): RuleDraft =>
  rule
    ? { name: rule.name, enabled: rule.enabled, conditions: rule.conditions, actions: rule.actions }
    : { name: '', enabled: true, conditions: [], actions: {} };

/** Actions left empty are not sent: an empty list or an unticked hold set nothing. */
const cleanActions = (a: RuleActions): RuleActions =>
  Object.fromEntries(
    Object.entries(a).filter(([, v]) => v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0)),
  );

const scacList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

/**
 * A rule's editor: its name, conditions and actions. "Dry run" runs the account's rule set with
 * this draft in its place (a new rule last) against the latest shipments or eBay orders, before
 * anything is saved; "Save rule" keeps it.
 */
export function RuleEditor({
  rule,
  rules,
  onClose,
  onSaved,
}: {
  rule: AutomationRuleView | null;
  rules: AutomationRuleView[];
  onClose: () => void;
  onSaved: (saved: AutomationRuleView) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [source, setSource] = useState<AutomationDryRunSource>('shipments');
  const body = (): AutomationRuleRequestInput => ({ ...draft, name: draft.name, actions: cleanActions(draft.actions) });
  const checked = () => {
    const found = zodErrors(automationRuleRequest, t, body());
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const save = useMutation({
    mutationFn: () => (rule ? rulesApi.update(rule.id, body()) : rulesApi.create(body())),
    onSuccess: onSaved,
    onError: (e) => setErrors(serverFieldErrors(e)),
  });
  const dry = useMutation<AutomationDryRun>({
    mutationFn: () => {
      const set: (AutomationRuleRequestInput & { id?: string })[] = rules.map((r) =>
        r.id === rule?.id ? { ...body(), id: r.id } : { ...draftOf(r), id: r.id },
      );
      if (!rule) set.push(body());
      return rulesApi.dryRun(source, set);
    },
  });
  const setActions = (a: Partial<RuleActions>) => setDraft((d) => ({ ...d, actions: { ...d.actions, ...a } }));
  const setCondition = (n: number, c: RuleCondition | null) =>
    setDraft((d) => ({ ...d, conditions: c ? d.conditions.map((x, i) => (i === n ? c : x)) : d.conditions.filter((_, i) => i !== n) }));
  const a = draft.actions;
  const options = <T extends string>(values: readonly T[], key: (v: T) => string) => values.map((v) => ({ value: v, label: t(key(v)) }));
  /** A choice the rule may leave unset: its first option sets nothing. */
  const optional = <T extends string>(values: readonly T[], key: (v: T) => string) => [
    { value: '', label: t('rules.editor.not_set') },
    ...options(values, key),
  ];

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={rule ? t('rules.editor.edit_title', { name: rule.name }) : t('rules.editor.new_title')}
    >
      <Stack>
        <TextInput
          label={t('rules.editor.name')}
          required
          value={draft.name}
          error={errors.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <Switch
          label={t('rules.editor.enabled')}
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })}
        />

        <Title order={3} size="h4">
          {t('rules.editor.conditions')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('rules.editor.conditions_hint')}
        </Text>
        {draft.conditions.map((c, n) => (
          <ConditionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; a row is its place in the list
            key={n}
            n={n}
            condition={c}
            error={errors[`conditions.${n}.values`] ?? errors[`conditions.${n}.value`] ?? errors[`conditions.${n}.op`]}
            onChange={(x) => setCondition(n, x)}
            onRemove={() => setCondition(n, null)}
          />
        ))}
        <Group>
          <Button variant="light" onClick={() => setDraft({ ...draft, conditions: [...draft.conditions, blankCondition('residential')] })}>
            {t('rules.editor.add_condition')}
          </Button>
        </Group>

        <Divider />
        <Title order={3} size="h4">
          {t('rules.editor.actions')}
        </Title>
        {errors.actions && (
          <Text c="red" size="sm" role="alert">
            {errors.actions}
          </Text>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('rules.actions.mode')}
            data={optional(RULE_MODES, (m) => `shipping_modes.${m}`)}
            value={a.mode ?? ''}
            onChange={(e) => setActions({ mode: (e.currentTarget.value || undefined) as RuleActions['mode'] })}
            miw={180}
          />
          <NativeSelect
            label={t('rules.actions.service_level')}
            data={optional(RULE_SERVICE_LEVELS, (v) => `rules.service_level_values.${v}`)}
            value={a.service_level ?? ''}
            onChange={(e) => setActions({ service_level: (e.currentTarget.value || undefined) as RuleActions['service_level'] })}
            miw={180}
          />
          <NativeSelect
            label={t('rules.actions.insurance')}
            data={optional(RULE_INSURANCE, (v) => `rules.insurance_values.${v}`)}
            value={a.insurance ?? ''}
            onChange={(e) => setActions({ insurance: (e.currentTarget.value || undefined) as RuleActions['insurance'] })}
            miw={180}
          />
        </Group>
        <MultiSelect
          label={t('rules.actions.accessorials')}
          data={options(RULE_ACCESSORIALS, (v) => `shipment.accessorial.${v}`)}
          value={a.accessorials ?? []}
          onChange={(v) => setActions({ accessorials: v as RuleActions['accessorials'] })}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('rules.actions.prefer_carriers')}
            description={t('rules.editor.scac_hint')}
            value={(a.prefer_carriers ?? []).join(', ')}
            onChange={(e) => setActions({ prefer_carriers: scacList(e.currentTarget.value) })}
            miw={200}
          />
          <TextInput
            label={t('rules.actions.exclude_carriers')}
            description={t('rules.editor.scac_hint')}
            value={(a.exclude_carriers ?? []).join(', ')}
            onChange={(e) => setActions({ exclude_carriers: scacList(e.currentTarget.value) })}
            miw={200}
          />
        </Group>
        <Group grow align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('rules.actions.package_preset')}
            data={optional(PACKAGE_TYPES, (v) => `quotes.form.package_types.${v}`)}
            value={a.package_preset ?? ''}
            onChange={(e) => setActions({ package_preset: e.currentTarget.value || undefined })}
            miw={200}
          />
          <Checkbox
            label={t('rules.actions.hold_for_review')}
            checked={a.hold_for_review ?? false}
            onChange={(e) => setActions({ hold_for_review: e.currentTarget.checked })}
            mb={8}
          />
        </Group>

        <Divider />
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('rules.dry_run.source')}
            data={[
              { value: 'shipments', label: t('rules.dry_run.sources.shipments') },
              { value: 'ebay_orders', label: t('rules.dry_run.sources.ebay_orders') },
            ]}
            value={source}
            onChange={(e) => setSource(e.currentTarget.value as AutomationDryRunSource)}
          />
          <Button variant="outline" loading={dry.isPending} onClick={() => checked() && dry.mutate()}>
            {t('rules.dry_run.run')}
          </Button>
        </Group>
        {dry.error && <ErrorAlert error={dry.error} />}
        {dry.data && <DryRunPanel run={dry.data} />}

        {save.error && Object.keys(serverFieldErrors(save.error)).length === 0 && <ErrorAlert error={save.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('rules.editor.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={() => checked() && save.mutate()}>
            {t('rules.editor.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
