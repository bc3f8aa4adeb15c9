import { type DisputeView, disputeResolutionRequest } from '@freight/contracts';
import { Button, Group, NumberInput, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { major } from '../../../components/shipment/format';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { afterDisputeChange, resolveDispute } from '../api/creditApi';
import { onFormField } from './fieldErrors';

type Values = { outcome: 'accepted' | 'rejected'; amount: number | string; note: string };

/** The form as the request: an accepted dispute credits the amount typed (in the invoice's currency), sent in cents. */
const toBody = (v: Values) => ({
  outcome: v.outcome,
  note: v.note,
  amount_cents: v.outcome === 'accepted' && v.amount !== '' ? Math.round(Number(v.amount) * 100) : undefined,
});

const onFields = (errors: Record<string, string>) => onFormField(errors, 'amount_cents', 'amount');

/**
 * Accounting closes a dispute: accepted (a credit memo of an amount, the disputed amount unless
 * changed, at most that) or rejected, with a note to the shipper either way.
 */
export function DisputeResolveForm({
  dispute,
  currency,
  onResolved,
}: {
  dispute: DisputeView;
  currency?: string;
  onResolved?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>({ initialValues: { outcome: 'accepted', amount: major(dispute.amount_cents), note: '' } });
  const resolve = useMutation({
    mutationFn: (v: Values) => resolveDispute(dispute.id, disputeResolutionRequest.parse(toBody(v))),
    onSuccess: async () => {
      onResolved?.();
      await afterDisputeChange(client);
    },
    onError: (e) => setServerErrors(form, e, onFields),
  });
  const validate = (v: Values) => {
    const errors = onFields(zodErrors(disputeResolutionRequest, t, v, toBody));
    const cents = toBody(v).amount_cents;
    if (!errors.amount && cents !== undefined && cents > dispute.amount_cents) errors.amount = t('validation.resolution_amount');
    return errors;
  };
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const errors = validate(v);
        if (Object.keys(errors).length) form.setErrors(errors);
        else resolve.mutate(v);
      })}
    >
      <Stack gap="xs">
        <FormAlert error={resolve.error} fields={form} rename={onFields} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SegmentedControl
            mt={25}
            aria-label={t('admin.credit.outcome')}
            data={[
              { value: 'accepted', label: t('admin.credit.accept') },
              { value: 'rejected', label: t('admin.credit.reject') },
            ]}
            {...form.getInputProps('outcome')}
          />
          {form.values.outcome === 'accepted' && (
            <NumberInput
              label={t('admin.credit.credit_amount')}
              withAsterisk
              min={0.01}
              fixedDecimalScale
              decimalScale={2}
              rightSection={currency}
              rightSectionWidth={50}
              w={170}
              {...form.getInputProps('amount')}
            />
          )}
          <Textarea
            label={t('admin.credit.note')}
            withAsterisk
            rows={1}
            maxLength={2000}
            style={{ flex: 1, minWidth: 220 }}
            {...form.getInputProps('note')}
          />
          <Button type="submit" mt={25} loading={resolve.isPending}>
            {t('admin.credit.resolve')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
