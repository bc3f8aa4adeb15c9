import { type AdminCreditApplicationView, type CreditDecisionRequest, creditDecisionRequest } from '@freight/contracts';
import { DEFAULT_GRACE_DAYS, DEFAULT_NET_DAYS, NET_TERMS_DAYS, type NetTermsDays } from '@freight/domain';
import { Button, Group, NativeSelect, NumberInput, SegmentedControl, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../components/FormAlert';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { afterDecision, decide } from '../api/creditApplicationsApi';
import { UsdAmountInput } from './UsdAmountInput';

export interface DecisionValues {
  outcome: 'approved' | 'declined';
  net_days: string;
  /** Dollars, as typed. */
  credit_limit: number | string;
  grace_days: number | string;
  reason: string;
}

const numberOrMissing = (v: number | string) => (v === '' ? undefined : Number(v));

/** The decision as the contract has it: a decline carries its reason only; the limit goes in cents. */
export function toDecisionRequest(v: DecisionValues): CreditDecisionRequest {
  if (v.outcome === 'declined') return { outcome: 'declined', reason: v.reason };
  const dollars = numberOrMissing(v.credit_limit);
  // Missing numbers stay missing, so the contract says "required" at their fields.
  return {
    outcome: 'approved',
    net_days: Number(v.net_days) as NetTermsDays,
    credit_limit_cents: (dollars === undefined ? undefined : Math.round(dollars * 100)) as number,
    grace_days: numberOrMissing(v.grace_days) as number,
    reason: v.reason,
  };
}

/** The errors of the request named as the form's fields (the limit is typed in dollars). */
export function decisionFieldErrors(errors: Record<string, string>) {
  const { credit_limit_cents: limit, ...rest } = errors;
  return limit ? { ...rest, credit_limit: limit } : rest;
}

/**
 * Approve with terms (net days, limit, grace days; the requested limit offered) or decline with a
 * reason. Approving grants terms, so the server asks for the password again (423) and the dialog
 * asks for it before the same decision is sent again.
 */
export function DecisionForm({ application }: { application: AdminCreditApplicationView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<DecisionValues>({
    initialValues: {
      outcome: 'approved',
      net_days: String(DEFAULT_NET_DAYS),
      credit_limit: application.requested_limit_cents / 100,
      grace_days: DEFAULT_GRACE_DAYS,
      reason: '',
    },
  });
  const proven = useWithPasswordConfirmation((v: DecisionValues) => decide(application.id, toDecisionRequest(v)));
  const send = useMutation({
    mutationFn: proven.run,
    onSuccess: async (view) => {
      if (!view) return;
      notifications.show({ color: 'green', message: t(`credit_applications.decide.${view.status}`) });
      await afterDecision(client, view);
    },
    onError: (e) => setServerErrors(form, e, decisionFieldErrors),
  });
  const submit = (v: DecisionValues) => {
    const errors = decisionFieldErrors(zodErrors(creditDecisionRequest, t, v, toDecisionRequest));
    if (Object.keys(errors).length) form.setErrors(errors);
    else send.mutate(v);
  };
  const k = (key: string, params?: Record<string, unknown>) => t(`credit_applications.decide.${key}`, params);
  const approving = form.values.outcome === 'approved';
  return (
    <>
      <form noValidate aria-label={k('title')} onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <FormAlert error={send.error} fields={form} rename={decisionFieldErrors} />
          <SegmentedControl
            w="fit-content"
            aria-label={k('outcome')}
            data={[
              { value: 'approved', label: k('approve') },
              { value: 'declined', label: k('decline') },
            ]}
            {...form.getInputProps('outcome')}
          />
          {approving && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NativeSelect
                label={k('net_days')}
                data={NET_TERMS_DAYS.map((d) => ({ value: String(d), label: k('net_option', { days: d }) }))}
                {...form.getInputProps('net_days')}
              />
              <UsdAmountInput label={k('limit')} {...form.getInputProps('credit_limit')} />
              <NumberInput
                label={k('grace_days')}
                description={k('grace_hint')}
                withAsterisk
                min={0}
                max={120}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('grace_days')}
              />
            </SimpleGrid>
          )}
          <Textarea
            label={approving ? k('note') : k('reason')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('reason')}
          />
          <Group>
            <Button type="submit" color={approving ? 'green' : 'red'} loading={send.isPending}>
              {approving ? k('submit_approve') : k('submit_decline')}
            </Button>
          </Group>
        </Stack>
      </form>
      {proven.modal}
    </>
  );
}
