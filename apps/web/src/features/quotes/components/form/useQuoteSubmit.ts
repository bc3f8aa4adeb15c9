import type { QuoteMode, QuoteRequestInput } from '@freight/contracts';
import type { UseFormReturnType } from '@mantine/form';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { watchSubmittedForm } from '../../../../components/a11y/watchSubmittedForm';
import { useEquipmentTypes } from './EquipmentSelect';
import { decideMode, eligibility } from './eligibility';
import { type BuiltRequest, type FormKind, type FormValues, toRequest } from './model';
import { validateValues } from './validate';

/**
 * The contract's check (and the validation library with it) comes with the form's first use rather
 * than with the page: the first render of the quote page then parses none of it. It is asked for as
 * the form first takes the focus, so a send seldom waits for it.
 */
const contractCheck = () => import('./contractErrors');

interface SubmitInputs {
  kind: FormKind;
  clientRef?: string;
  busy: boolean;
  onSubmit: (request: QuoteRequestInput) => void;
  /** The answer to 'LTL or parcel?' until the next edit (useQuoteForm). */
  modeAnswer: RefObject<QuoteMode | null>;
  showErrors: (errors: Record<string, string>) => void;
  /** The request's lines, for the answer's errors. */
  sent: (lineKeys: string[]) => void;
}

/**
 * The submit: the client checks, then for LTL & Small Package the mode (rated at once, asked, or
 * the LTL offer pointed at when parcel was asked for and the cargo does not fit).
 */
export function useQuoteSubmit(
  form: UseFormReturnType<FormValues>,
  { kind, clientRef, busy, onSubmit, modeAnswer, showErrors, sent }: SubmitInputs,
) {
  // The truckload weight check reads the chosen type's maximum (the select loads the same list).
  const equipmentTypes = useEquipmentTypes(kind === 'truckload');
  const [asking, setAsking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const offerRef = useRef<HTMLDivElement>(null);
  /** A send whose checks are running: a second click meanwhile sends nothing more. */
  const checking = useRef(false);

  useEffect(() => {
    const form = formRef.current;
    // A failed fetch here is told by the send that needs the script (it asks again).
    const load = () => void contractCheck().catch(() => undefined);
    form?.addEventListener('focusin', load, { once: true });
    return () => form?.removeEventListener('focusin', load);
  }, []);

  /**
   * The contract's check, or null with the network error listed above the submit button: a script
   * that cannot be fetched (the connection dropped, or a deploy replaced it) must not leave the
   * button silent.
   */
  const loadContractErrors = async () => {
    try {
      return (await contractCheck()).contractErrors;
    } catch {
      showErrors({ '': 'common.network_error' });
      return null;
    }
  };

  /** Client checks (spec words first, then the contract); the request for `mode`, or null with the errors shown. */
  const checked = async (mode: QuoteMode): Promise<BuiltRequest | null> => {
    const contractErrors = await loadContractErrors();
    if (!contractErrors) return null;
    const current = form.getValues();
    const built = toRequest(current, mode, clientRef);
    const maxWeightLb = equipmentTypes.data?.find((e) => e.code === current.equipment_type)?.max_weight_lb ?? null;
    const errors = { ...contractErrors(built.request, built.lineKeys, current), ...validateValues(current, kind, maxWeightLb) };
    if (Object.keys(errors).length) {
      showErrors(errors);
      return null;
    }
    return built;
  };

  /**
   * Runs a send's checks unless a request is still being rated (a second click of a closing
   * dialog's button) or a send's checks are already running.
   */
  const once = (task: () => Promise<void>) => {
    if (busy || checking.current) return;
    checking.current = true;
    void task().finally(() => {
      checking.current = false;
    });
  };

  /**
   * Checks and sends the request for `mode`. A send from the mode question or the LTL offer is no
   * submit event: it starts the watch for field errors itself.
   */
  const sendChecked = async (mode: QuoteMode) => {
    if (formRef.current) watchSubmittedForm(formRef.current);
    const built = await checked(mode);
    if (!built) return;
    sent(built.lineKeys);
    onSubmit(built.request);
  };
  const send = (mode: QuoteMode) => once(() => sendChecked(mode));

  /** The offer's button: the shipper asked for LTL rates, so switch and rate at once. */
  const switchToLtl = () => {
    form.setFieldValue('mode_pick', 'ltl');
    send('ltl');
  };

  const answer = (mode: 'ltl' | 'parcel') => {
    setAsking(false);
    modeAnswer.current = mode;
    send(mode);
  };

  /** LTL & Small Package: the mode is decided (rated at once, asked, or the LTL offer pointed at). */
  const decideAndSend = async () => {
    const built = await checked('ltl');
    if (!built) return;
    const current = form.getValues();
    const verdict = eligibility(built.request.items, current.unit_system);
    const decision = verdict ? decideMode(verdict, current.mode_pick) : ({ kind: 'submit', mode: 'ltl' } as const);
    if (decision.kind === 'submit') await sendChecked(decision.mode);
    else if (decision.kind === 'ask') {
      if (modeAnswer.current) await sendChecked(modeAnswer.current);
      else setAsking(true);
    } else {
      offerRef.current?.scrollIntoView?.({ block: 'center' });
      offerRef.current?.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    once(() => (kind === 'ltl_parcel' ? decideAndSend() : sendChecked('truckload')));
  };

  return { formRef, offerRef, submit, switchToLtl, asking, answer, closeQuestion: () => setAsking(false) };
}
