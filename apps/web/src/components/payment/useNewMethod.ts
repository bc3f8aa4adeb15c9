import type { PaymentProcessorView } from '@freight/contracts';
import { useRef } from 'react';
import type { CardValues } from './CardFields';
import { type BankValues, createBankAccountAtProcessor, createCardAtProcessor, ProcessorRefused, usesStripeJs } from './processor';
import type { CreateCard } from './StripeCardElement';

/**
 * The pm_ of what was typed, made at the processor once per content: a retry of the same card
 * after an outage names the same method, so it is the same payment (the same Idempotency-Key).
 */
function useOncePerContent<V>(make: (values: V) => Promise<string>, cache: boolean) {
  const last = useRef<{ content: string; id: string } | null>(null);
  return async (values: V) => {
    const content = JSON.stringify(values);
    if (cache && last.current?.content === content) return last.current.id;
    const id = await make(values);
    last.current = { content, id };
    return id;
  };
}

const off = () => new ProcessorRefused('processor_off', null);

/**
 * How a new card becomes the processor's payment method, whichever the processor: the simulator
 * takes the portal's own fields (CardFields); Stripe's own API only its Elements (`elements`: the
 * card Element registers `creator`). Everything around it (the choice, the payment) is the same.
 * Stripe's frames say nothing of what they hold, so there each submit makes a new method.
 */
export function useNewCard(processor: PaymentProcessorView | null | undefined) {
  const elements = Boolean(processor && usesStripeJs(processor));
  const creator = useRef<CreateCard | null>(null);
  const create = useOncePerContent<CardValues>(async (values) => {
    if (!processor) throw off();
    if (!elements) return createCardAtProcessor(processor, values);
    if (!creator.current) throw new ProcessorRefused('processor_unavailable', null);
    return creator.current(values);
  }, !elements);
  return { processor, elements, creator, create };
}
export type NewCard = ReturnType<typeof useNewCard>;

/** How a new bank account becomes the processor's payment method: the portal's fields, to the simulator or through Stripe.js. */
export function useNewBank(processor: PaymentProcessorView | null | undefined) {
  const elements = Boolean(processor && usesStripeJs(processor));
  const create = useOncePerContent<BankValues>(async (values) => {
    if (!processor) throw off();
    if (!elements) return createBankAccountAtProcessor(processor, values);
    const { createBankWithStripeJs } = await import('./stripeJs');
    return createBankWithStripeJs(processor.publishable_key, values);
  }, true);
  return { processor, elements, create };
}
