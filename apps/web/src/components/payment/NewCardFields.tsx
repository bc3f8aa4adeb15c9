import { Loader, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFields, type CardValues } from './CardFields';
import type { NewCard } from './useNewMethod';

// Stripe.js and its React bindings are fetched only for a processor that is Stripe itself.
const StripeCardElement = lazy(() => import('./StripeCardElement'));

/**
 * A new card's inputs: the portal's own fields for the simulator, Stripe's card Element (with the
 * portal's name field) for Stripe itself. `input(field)` gives each of the portal's fields its
 * form props; a refusal of the number, expiry or code shows on the Element.
 */
export function NewCardFields({ card, input }: { card: NewCard; input: (field: keyof CardValues) => GetInputPropsReturnType }) {
  const { t } = useTranslation();
  if (!card.elements || !card.processor) return <CardFields input={input} />;
  const refused = ['card_number', 'exp_month', 'exp_year', 'cvc'].map((f) => input(f as keyof CardValues).error).find(Boolean);
  return (
    <>
      <TextInput label={t('shipment.payment.cardholder')} withAsterisk autoComplete="cc-name" {...input('cardholder')} />
      <Suspense fallback={<Loader size="sm" role="status" aria-label={t('payment.loading_processor')} />}>
        <StripeCardElement
          publishableKey={card.processor.publishable_key}
          creator={card.creator}
          label={t('payment.card_element')}
          error={refused as string | undefined}
        />
      </Suspense>
    </>
  );
}
