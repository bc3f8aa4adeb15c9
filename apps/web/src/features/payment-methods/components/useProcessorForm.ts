import type { PaymentProcessorView } from '@freight/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withChallenge } from '../../../components/payment/challenge';
import { ProcessorRefused } from '../../../components/payment/processor';
import { isApiError } from '../../../lib/api';
import { addPaymentMethod, confirmPaymentMethod } from '../api/paymentMethodsApi';
import { useMethodSaved } from './useMethodSaved';

/** A form of text fields (a select answers text too). */
type Fields<F> = Record<keyof F, string>;
/** Where a refusal belongs: a field of the form (null: the whole form) and the words for it. */
export type Refusal<F extends Fields<F>> = { field: keyof F | null; key: string };

/**
 * A form whose method goes to the processor first (`create`, from the browser) and then, as its
 * pm_ id alone, to the portal, which saves it for the account (after the card issuer's 3-D Secure
 * challenge when it asks for one). Empty fields are refused before anything is sent; the
 * processor's refusal lands on the field it names; the fields are cleared once saved.
 */
export function useProcessorForm<F extends Fields<F>>(options: {
  empty: F;
  processor: PaymentProcessorView;
  create: (processor: PaymentProcessorView, values: F) => Promise<string>;
  refusalOf: (e: ProcessorRefused) => Refusal<F>;
  /** The words when the portal (not the processor) refuses the method. */
  refusedKey: string;
  /** The fields the portal's page holds, each required (all of `empty` unless given: Stripe's Element holds a card's others). */
  required?: (keyof F)[];
  /** What is wrong with filled fields before anything is sent: an i18n key per field. */
  check?: (values: F) => Partial<Record<keyof F, string>>;
}) {
  const { t } = useTranslation();
  const methodSaved = useMethodSaved();
  const [challenging, setChallenging] = useState(false);
  const [values, setValues] = useState<F>(options.empty);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof F) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues({ ...values, [name]: e.currentTarget.value }),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setRefused(null);
    setFailure(null);
    const missing: Partial<Record<keyof F, string>> = {};
    for (const name of options.required ?? (Object.keys(options.empty) as (keyof F)[]))
      if (!values[name]?.trim()) missing[name] = t('payment_methods.required');
    const wrong = Object.entries(options.check?.(values) ?? {}).filter(([name]) => !missing[name as keyof F]);
    const found = { ...missing, ...Object.fromEntries(wrong.map(([name, key]) => [name, t(key as string)])) };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const methodRef = await options.create(options.processor, values);
      // A card whose issuer asks for 3-D Secure: its page sends the payer back to this page, which confirms.
      const saved = await withChallenge(options.processor, () => addPaymentMethod(methodRef), confirmPaymentMethod, setChallenging);
      setValues(options.empty);
      await methodSaved(saved);
    } catch (err) {
      if (err instanceof ProcessorRefused) {
        const r = options.refusalOf(err);
        if (r.field) setErrors({ [r.field]: t(r.key) } as Partial<Record<keyof F, string>>);
        else setRefused(t(r.key));
      } else if (isApiError(err) && err.status === 422) setRefused(t(options.refusedKey));
      else setFailure(err);
    } finally {
      setBusy(false);
    }
  }

  return { field, submit, busy, refused, failure, challenging };
}
