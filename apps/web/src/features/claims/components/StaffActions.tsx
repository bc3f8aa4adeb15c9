import { claimDecisionRequest, claimPaymentRequest } from '@freight/contracts';
import { CLAIM_DECISIONS, type ClaimDecision } from '@freight/domain';
import { Button, Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormAlert } from '../../../components/FormAlert';
import { fromCents, MoneyInput, toCents } from '../../../components/MoneyInput';
import { Section } from '../../../components/Section';
import { major } from '../../../components/shipment/format';
import { useAuthUser } from '../../../lib/auth';
import { serverFieldErrors, setServerErrors, zodErrors } from '../../../lib/forms';
import { useFormat } from '../../../lib/useFormat';
import {
  acknowledgeClaim,
  assignClaim,
  closeClaim,
  decideClaim,
  listStaff,
  recordPayment,
  STAFF_CLAIMS_KEY,
  type StaffClaimDetail,
} from '../api/claimsApi';

/** What an action answers: the claim as it is now, and the words saying what was done. */
export type Done = (claim: StaffClaimDetail, message: string) => void;

/** Who carries the claim: any staff member who handles claims (the server refuses another), or oneself. */
export function AssignPanel({ claim, onDone }: { claim: StaffClaimDetail; onDone: Done }) {
  const { t } = useTranslation();
  const me = useAuthUser();
  const staff = useQuery({ queryKey: [...STAFF_CLAIMS_KEY, 'staff'], queryFn: listStaff, staleTime: 5 * 60_000 });
  const assign = useMutation({
    mutationFn: (assigneeId: string | null) => assignClaim(claim.id, assigneeId),
    onSuccess: (updated) => onDone(updated, t('claims.staff.assign.done')),
  });
  const options = [...(staff.data ?? [])];
  if (claim.assignee && !options.some((o) => o.id === claim.assignee?.id)) options.unshift(claim.assignee);
  const error = serverFieldErrors(assign.error).assignee_id;
  return (
    <Section title={t('claims.staff.assign.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('claims.staff.assign.label')}
          value={claim.assignee?.id ?? ''}
          onChange={(e) => assign.mutate(e.currentTarget.value || null)}
          data={[{ value: '', label: t('claims.staff.assign.placeholder') }, ...options.map((o) => ({ value: o.id, label: o.name }))]}
          error={error}
          disabled={assign.isPending}
          w={260}
          maw="100%"
        />
        {me && claim.assignee?.id !== me.id && (
          <Button variant="default" loading={assign.isPending} onClick={() => assign.mutate(me.id)}>
            {t('claims.staff.assign.to_me')}
          </Button>
        )}
      </Group>
      {!error && <ErrorAlert error={assign.error} />}
    </Section>
  );
}

/** The carrier acknowledged the claim, under its own number when it gave one. */
export function AcknowledgeForm({ claim, onDone }: { claim: StaffClaimDetail; onDone: Done }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { carrier_claim_number: '' } });
  const send = useMutation({
    mutationFn: (v: { carrier_claim_number: string }) => acknowledgeClaim(claim.id, v.carrier_claim_number),
    onSuccess: (updated) => onDone(updated, t('claims.staff.acknowledge.done')),
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Section title={t('claims.staff.acknowledge.title')}>
      <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate aria-label={t('claims.staff.acknowledge.title')}>
        <Stack gap="sm" maw={480}>
          <TextInput
            label={t('claims.staff.acknowledge.number')}
            description={t('claims.staff.acknowledge.number_help')}
            maxLength={64}
            {...form.getInputProps('carrier_claim_number')}
          />
          <FormAlert error={send.error} fields={form} />
          <Button type="submit" w="fit-content" loading={send.isPending}>
            {t('claims.staff.acknowledge.submit')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

interface DecisionValues {
  decision: ClaimDecision | '';
  /** Major units, as typed. */
  decided_amount: number | string;
  reason: string;
}

const toDecision = (v: DecisionValues) => ({
  decision: (v.decision || undefined) as ClaimDecision,
  ...(v.decision !== 'paid_in_full' && v.reason.trim() ? { reason: v.reason } : {}),
  ...(v.decision === 'paid_in_part' ? { decided_amount_cents: toCents(v.decided_amount) } : {}),
});
const decisionFields = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, m]) => [k === 'decided_amount_cents' ? 'decided_amount' : k, m]));

/** The carrier's decision: paid in full, in part (how much), or declined (why). */
export function DecisionForm({ claim, onDone }: { claim: StaffClaimDetail; onDone: Done }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const form = useForm<DecisionValues>({ initialValues: { decision: '', decided_amount: '', reason: '' } });
  const send = useMutation({
    mutationFn: (v: DecisionValues) => decideClaim(claim.id, claimDecisionRequest.parse(toDecision(v))),
    onSuccess: (updated) => onDone(updated, t('claims.staff.decision.done')),
    onError: (e) => setServerErrors(form, e, decisionFields),
  });
  const submit = form.onSubmit((v) => {
    const errors = decisionFields(zodErrors(claimDecisionRequest, t, v, toDecision));
    if (Object.keys(errors).length) form.setErrors(errors);
    else send.mutate(v);
  });
  const decision = form.values.decision;
  return (
    <Section title={t('claims.staff.decision.title')}>
      <form onSubmit={submit} noValidate aria-label={t('claims.staff.decision.title')}>
        <Stack gap="sm" maw={560}>
          <Radio.Group label={t('claims.staff.decision.label')} withAsterisk {...form.getInputProps('decision')}>
            <Group gap="md" mt="xs">
              {CLAIM_DECISIONS.map((d) => (
                <Radio key={d} value={d} label={t(`claims.outcome.decisions.${d}`)} />
              ))}
            </Group>
          </Radio.Group>
          {decision === 'paid_in_part' && (
            <MoneyInput
              label={t('claims.staff.decision.amount', { currency: claim.currency })}
              description={t('claims.staff.decision.amount_help', { amount: fmt.money(major(claim.amount_cents), claim.currency) })}
              withAsterisk
              w={260}
              maw="100%"
              {...form.getInputProps('decided_amount')}
            />
          )}
          {decision !== '' && decision !== 'paid_in_full' && (
            <Textarea
              label={t('claims.staff.decision.reason')}
              description={t('claims.staff.decision.reason_help')}
              withAsterisk
              autosize
              minRows={2}
              maxLength={2000}
              {...form.getInputProps('reason')}
            />
          )}
          <FormAlert error={send.error} fields={form} rename={decisionFields} />
          <Button type="submit" w="fit-content" loading={send.isPending}>
            {t('claims.staff.decision.submit')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

interface PaymentValues {
  amount: number | string;
  reference: string;
}
const toPayment = (v: PaymentValues) => ({ amount_cents: toCents(v.amount), reference: v.reference });
const paymentFields = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, m]) => [k === 'amount_cents' ? 'amount' : k, m]));

/** What the carrier paid (at most the amount agreed) and its reference. */
export function PaymentForm({ claim, onDone }: { claim: StaffClaimDetail; onDone: Done }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const agreed = claim.decision?.amount_cents ?? claim.amount_cents;
  const form = useForm<PaymentValues>({ initialValues: { amount: fromCents(agreed), reference: '' } });
  const send = useMutation({
    mutationFn: (v: PaymentValues) => recordPayment(claim.id, claimPaymentRequest.parse(toPayment(v))),
    onSuccess: (updated) => onDone(updated, t('claims.staff.payment.done')),
    onError: (e) => setServerErrors(form, e, paymentFields),
  });
  const submit = form.onSubmit((v) => {
    const errors = paymentFields(zodErrors(claimPaymentRequest, t, v, toPayment));
    if (Object.keys(errors).length) form.setErrors(errors);
    else send.mutate(v);
  });
  return (
    <Section title={t('claims.staff.payment.title')}>
      <form onSubmit={submit} noValidate aria-label={t('claims.staff.payment.title')}>
        <Stack gap="sm" maw={480}>
          <MoneyInput
            label={t('claims.staff.payment.amount', { currency: claim.currency })}
            description={t('claims.staff.payment.amount_help', { amount: fmt.money(major(agreed), claim.currency) })}
            withAsterisk
            {...form.getInputProps('amount')}
          />
          <TextInput
            label={t('claims.staff.payment.reference')}
            description={t('claims.staff.payment.reference_help')}
            withAsterisk
            maxLength={100}
            {...form.getInputProps('reference')}
          />
          <FormAlert error={send.error} fields={form} rename={paymentFields} />
          <Button type="submit" w="fit-content" loading={send.isPending}>
            {t('claims.staff.payment.submit')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

/** Closing a claim that has run its course (paid, or declined), asked first. */
export function CloseClaim({ claim, onDone }: { claim: StaffClaimDetail; onDone: Done }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <>
      <Button variant="default" color="red" onClick={() => setAsking(true)}>
        {t('claims.staff.close.action')}
      </Button>
      {asking && (
        <ConfirmActionDialog
          title={t('claims.staff.close.title')}
          warning={t('claims.staff.close.warning')}
          action={t('claims.staff.close.action')}
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            setFailure(null);
            try {
              const updated = await closeClaim(claim.id);
              setAsking(false);
              onDone(updated, t('claims.staff.close.done'));
            } catch (e) {
              setFailure(e);
            }
          }}
        >
          {failure ? <ErrorAlert error={failure} /> : <Text size="sm">{claim.number}</Text>}
        </ConfirmActionDialog>
      )}
    </>
  );
}
