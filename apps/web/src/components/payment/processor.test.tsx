import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { NewCardFields } from './NewCardFields';
import { ProcessorRefused, payFormRefusal, usesStripeJs } from './processor';
import { useNewCard } from './useNewMethod';

// Stripe's Element cannot load here (no network): a stand-in says which way the card would go.
vi.mock('./StripeCardElement', () => ({ default: ({ label }: { label: string }) => <p data-testid="stripe-element">{label}</p> }));

const SIMULATOR = { publishable_key: 'pk_test_sim', api_url: 'http://127.0.0.1:3000/stripe-sim' };
const STRIPE = { publishable_key: 'pk_live_x', api_url: 'https://api.stripe.com' };

/** A pay form's new card, for a processor. */
function Form({ processor }: { processor: typeof SIMULATOR }) {
  const card = useNewCard(processor);
  return <NewCardFields card={card} input={() => ({ value: '', onChange: () => {} })} />;
}

describe('which way a card goes to the processor', () => {
  it('takes Stripe.js (its Elements) for Stripe’s own API only, the portal’s fields for the simulator anywhere', () => {
    expect(usesStripeJs(STRIPE)).toBe(true);
    expect(usesStripeJs({ ...STRIPE, api_url: 'https://api.stripe.com/' })).toBe(true);
    expect(usesStripeJs(SIMULATOR)).toBe(false);
    expect(usesStripeJs({ ...SIMULATOR, api_url: 'https://payments.example.com/stripe-sim' })).toBe(false);
    expect(usesStripeJs({ ...SIMULATOR, api_url: 'http://api.stripe.com' })).toBe(false);
    expect(usesStripeJs({ ...SIMULATOR, api_url: 'https://api.stripe.com.example.net' })).toBe(false);
    expect(usesStripeJs({ ...SIMULATOR, api_url: 'not a url' })).toBe(false);
  });

  it('renders the portal’s card fields for the simulator and Stripe’s Element for Stripe', async () => {
    const { unmount } = render(
      <Providers queryClient={createQueryClient()}>
        <Form processor={SIMULATOR} />
      </Providers>,
    );
    expect(screen.getByLabelText(/Card number/)).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-element')).toBeNull();
    unmount();
    render(
      <Providers queryClient={createQueryClient()}>
        <Form processor={STRIPE} />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('stripe-element')).toBeInTheDocument());
    expect(screen.getByLabelText(/Name on card/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
  });

  it('puts a refusal on the field the processor names, in the contracts’ words', () => {
    const refused = (code: string, param: string | null = null) => new ProcessorRefused(code, param);
    expect(payFormRefusal(refused('incorrect_number', 'card[number]'))).toEqual({
      field: 'card_number',
      key: 'validation.card_number',
    });
    expect(payFormRefusal(refused('invalid_expiry_year', 'card[exp_year]'))).toEqual({
      field: 'exp_year',
      key: 'validation.card_expiry',
    });
    expect(payFormRefusal(refused('invalid_expiry_month'))).toEqual({ field: 'exp_month', key: 'validation.card_expiry' });
    expect(payFormRefusal(refused('incorrect_cvc'))).toEqual({ field: 'cvc', key: 'validation.card_cvc' });
    expect(payFormRefusal(refused('card_declined'))).toEqual({ field: null, key: 'payment.refused_card' });
    expect(payFormRefusal(refused('processor_off'))).toEqual({ field: null, key: 'payment.processor_off' });
  });
});
