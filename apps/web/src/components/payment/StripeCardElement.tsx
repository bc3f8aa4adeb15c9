import { Input } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { type RefObject, useEffect, useMemo } from 'react';
import type { CardValues } from './CardFields';
import { ProcessorRefused } from './processor';
import { methodIdOf, stripeOf } from './stripeJs';

export type CreateCard = (values: CardValues) => Promise<string>;

/** Registers how the typed card becomes a PaymentMethod: Stripe.js's createPaymentMethod with the card Element. */
function CardCreator({ creator }: { creator: RefObject<CreateCard | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    creator.current = async (values) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new ProcessorRefused('processor_unavailable', null);
      return methodIdOf(await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: values.cardholder } }));
    };
    return () => {
      creator.current = null;
    };
  }, [stripe, elements, creator]);
  return <CardElement options={{ hidePostalCode: true }} />;
}

/**
 * The card's number, expiry and code in Stripe's own Element (frames of js.stripe.com: the
 * numbers never touch the portal's page), for a processor that is Stripe itself. Loaded only then.
 */
export default function StripeCardElement({
  publishableKey,
  creator,
  label,
  error,
}: {
  publishableKey: string;
  creator: RefObject<CreateCard | null>;
  label: string;
  error?: string;
}) {
  const stripe = useMemo(() => stripeOf(publishableKey), [publishableKey]);
  return (
    <Input.Wrapper label={label} withAsterisk error={error}>
      <Elements stripe={stripe}>
        <CardCreator creator={creator} />
      </Elements>
    </Input.Wrapper>
  );
}
