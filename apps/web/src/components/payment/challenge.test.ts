import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { BUSY_WAIT } from '../../test/busyWait';
import { challengeOf, challengeReturnOf, withChallenge, withoutChallengeReturn } from './challenge';

const SIMULATOR = { publishable_key: 'pk_test_x', api_url: 'http://127.0.0.1:4999' };
const asked = (body: Record<string, unknown>) =>
  new ApiError(402, { message: 'Your bank asks you to confirm this payment.', code: 'payment_requires_action', ...body });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the 3-D Secure challenge branch', () => {
  it('reads the 402 that asks for a challenge, of a payment or of a card being saved, and nothing else', () => {
    const payment = asked({
      payment_intent: 'pi_abc',
      client_secret: 'pi_abc_secret_x',
      next_action_url: 'http://127.0.0.1/stripe-sim/sim/3ds/pi_abc',
    });
    expect(challengeOf(payment)).toEqual({
      intent: 'pi_abc',
      client_secret: 'pi_abc_secret_x',
      next_action_url: 'http://127.0.0.1/stripe-sim/sim/3ds/pi_abc',
    });
    const setup = asked({ setup_intent: 'seti_abc', client_secret: 'seti_abc_secret_x', next_action_url: null });
    expect(challengeOf(setup)).toEqual({ intent: 'seti_abc', client_secret: 'seti_abc_secret_x', next_action_url: null });
    expect(challengeOf(new ApiError(402, { message: 'Declined', code: 'payment_declined' }))).toBeNull();
    expect(challengeOf(new Error('x'))).toBeNull();
  });

  it('knows the intent the payer is back from, and the address without it', () => {
    const search = '?tab=1&payment_intent=pi_abc&payment_intent_client_secret=pi_abc_secret_x&redirect_status=failed';
    expect(challengeReturnOf(search)).toBe('pi_abc');
    expect(challengeReturnOf(search, 'setup_intent')).toBeNull();
    expect(challengeReturnOf('?payment_intent=<script>')).toBeNull();
    expect(challengeReturnOf('')).toBeNull();
    expect(withoutChallengeReturn(search)).toBe('?tab=1');
    expect(withoutChallengeReturn('?payment_intent=pi_abc')).toBe('');
    const saved = '?setup_intent=seti_abc&setup_intent_client_secret=seti_abc_secret_x&redirect_status=succeeded';
    expect(challengeReturnOf(saved, 'setup_intent')).toBe('seti_abc');
    expect(challengeReturnOf('?setup_intent=pi_abc', 'setup_intent')).toBeNull();
    expect(withoutChallengeReturn(saved)).toBe('');
  });

  it('answers what the request answered when no challenge is asked, and its refusals as they are', async () => {
    const confirm = vi.fn();
    await expect(withChallenge(SIMULATOR, async () => 'paid', confirm)).resolves.toBe('paid');
    const declined = new ApiError(402, { message: 'Declined', code: 'payment_declined' });
    await expect(
      withChallenge(
        SIMULATOR,
        async () => {
          throw declined;
        },
        confirm,
      ),
    ).rejects.toBe(declined);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('sends the payer to the simulator’s challenge page, saying so first', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const challenging = vi.fn();
    void withChallenge(
      SIMULATOR,
      async () => {
        throw asked({ payment_intent: 'pi_abc', client_secret: 'pi_abc_secret_x', next_action_url: 'http://sim.test/sim/3ds/pi_abc' });
      },
      vi.fn(),
      challenging,
    );
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://sim.test/sim/3ds/pi_abc'), BUSY_WAIT);
    expect(challenging).toHaveBeenCalledWith(true);
  });
});
