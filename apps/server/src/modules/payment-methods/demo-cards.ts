import type { AppContext } from '../../context';
import { usersService } from '../users/users.service';
import { paymentMethodsRepository } from './payment-methods.repository';
import { type PaymentMethodsSetup, paymentMethodsService } from './payment-methods.service';

/**
 * The demo users whose accounts start with a saved Visa 4242 as their default: Demo Shipper Co (on
 * terms: autopay, Open Invoices' saved-card choice) and the prepaid account (Pay Now's).
 */
export const DEMO_CARD_HOLDERS = ['shipper@demo.test', 'prepaid@demo.test'] as const;

/** The card as the demo's browser types it: Stripe's approved test number, valid for years. */
const demoCard = (year: number) => ({
  type: 'card',
  'card[number]': '4242424242424242',
  'card[exp_month]': '12',
  'card[exp_year]': String(year),
  'card[cvc]': '123',
});

/**
 * Gives each demo card holder's account its saved Visa 4242, exactly as a person would: the card
 * handed to the processor with the publishable key (what the web's form does), then saved through
 * the payment-methods service (the account's customer, a SetupIntent, the list and its activity
 * log). So it needs the processor listening: the embedded simulator is mounted in this app, so
 * server.ts calls this once the app listens. Only against the simulator (Stripe itself takes no
 * typed card number from a server). An account that is already the processor's customer is left
 * alone, so a restart adds no second card, nor brings back one the demo user removed. Answers
 * whether it saved any.
 */
export async function seedDemoCards(ctx: AppContext, setup: PaymentMethodsSetup): Promise<boolean> {
  if (ctx.config.paymentProvider !== 'simulator' || !setup.browser) return false;
  const { browser } = setup;
  const service = paymentMethodsService(ctx, setup);
  const repo = paymentMethodsRepository(ctx.db);
  let saved = false;
  for (const email of DEMO_CARD_HOLDERS) {
    const holder = await usersService(ctx.db).loadByEmail(email);
    if (!holder?.account || (await repo.profile(holder.account.id))) continue;
    const res = await fetch(`${browser.apiUrl}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: browser.publishableKey,
        ...demoCard(ctx.now().getUTCFullYear() + 3),
        'billing_details[name]': `${holder.user.firstName} ${holder.user.lastName}`,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const pm = (await res.json()) as { id?: string };
    if (!res.ok || !pm.id) throw new Error(`the payment simulator refused the demo card (${res.status})`);
    const actor = { id: holder.user.id, email: holder.user.email, ip: '127.0.0.1' };
    const { created } = await service.add({ id: holder.account.id, name: holder.account.name }, actor, pm.id);
    saved ||= created;
  }
  return saved;
}
