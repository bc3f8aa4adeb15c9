import type { PaymentProcessorView } from '@freight/contracts';
import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CardValues, EMPTY_CARD } from '../../../components/payment/CardFields';
import { NewCardFields } from '../../../components/payment/NewCardFields';
import { type ProcessorRefused, refusedCardField } from '../../../components/payment/processor';
import { useNewCard } from '../../../components/payment/useNewMethod';
import { FormEnd } from './FormEnd';
import { type Refusal, useProcessorForm } from './useProcessorForm';

const REFUSED: Record<keyof CardValues, string> = {
  cardholder: 'payment_methods.refused',
  card_number: 'payment_methods.refused_number',
  exp_month: 'payment_methods.refused_expiry',
  exp_year: 'payment_methods.refused_expiry',
  cvc: 'payment_methods.refused_cvc',
};

/** The field the processor's refusal names, in this form's words. */
function refusalOf(e: ProcessorRefused): Refusal<CardValues> {
  const field = refusedCardField(e);
  return field ? { field, key: REFUSED[field] } : { field: null, key: 'payment_methods.refused' };
}

/**
 * A card's fields, sent from this browser straight to the processor with its publishable key (or,
 * for Stripe itself, typed into Stripe.js's card Element); only the method's id the processor
 * answers goes to the portal's API, which saves it for the account. The numbers are cleared once
 * saved.
 */
export function AddCardForm({ processor }: { processor: PaymentProcessorView }) {
  const { t } = useTranslation();
  // The simulator takes this form's fields; Stripe itself, its card Element (as Pay Now does).
  const card = useNewCard(processor);
  const { field, submit, busy, refused, failure, challenging } = useProcessorForm({
    empty: EMPTY_CARD,
    processor,
    create: (_processor, values) => card.create(values),
    refusalOf,
    refusedKey: 'payment_methods.refused',
    required: card.elements ? ['cardholder'] : undefined,
  });

  return (
    <form onSubmit={submit} noValidate aria-describedby="add-card-note">
      <Stack gap="sm">
        <Text size="sm" id="add-card-note">
          {t('payment_methods.processor_note')}
        </Text>
        {card.elements ? (
          <NewCardFields card={card} input={field} />
        ) : (
          <>
            <TextInput label={t('payment_methods.cardholder')} autoComplete="cc-name" required {...field('cardholder')} />
            <TextInput
              label={t('payment_methods.number')}
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={23}
              required
              {...field('card_number')}
            />
            <Group grow gap="sm" wrap="wrap" align="flex-start">
              <TextInput
                label={t('payment_methods.exp_month')}
                autoComplete="cc-exp-month"
                inputMode="numeric"
                maxLength={2}
                placeholder="MM"
                miw="7rem"
                required
                {...field('exp_month')}
              />
              <TextInput
                label={t('payment_methods.exp_year')}
                autoComplete="cc-exp-year"
                inputMode="numeric"
                maxLength={4}
                placeholder="YYYY"
                miw="7rem"
                required
                {...field('exp_year')}
              />
              <TextInput
                label={t('payment_methods.cvc')}
                description={t('payment_methods.cvc_help')}
                autoComplete="cc-csc"
                inputMode="numeric"
                maxLength={4}
                miw="7rem"
                required
                {...field('cvc')}
              />
            </Group>
          </>
        )}
        {challenging && (
          <Alert color="blue" role="status">
            {t('payment_methods.challenge_opening')}
          </Alert>
        )}
        <FormEnd refused={refused} failure={failure} busy={busy} label={t('payment_methods.add')} />
      </Stack>
    </form>
  );
}
