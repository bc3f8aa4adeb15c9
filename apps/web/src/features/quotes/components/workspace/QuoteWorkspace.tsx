import type { AddressBookEntry, BookingApproval, QuoteRequestInput, ShipmentView } from '@freight/contracts';
import { Alert, Badge, Button, Group, Stack, Stepper } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { CreditHoldBanner } from '../../../../components/shipment';
import { isApiError } from '../../../../lib/api';
import { useFormat } from '../../../../lib/useFormat';
import {
  createPublicQuote,
  createQuote,
  QUOTES_KEY,
  type Quote,
  type QuoteInsuranceOption,
  type QuoteRate,
  rerunQuote,
  type ShownVisitorQuote,
} from '../../api/quotesApi';
import type { PickedPlaces } from '../booking/model';
import { ShipmentForm } from '../form';
import { useGuestQuote } from '../guest';
import { RateResults } from '../results';
import { expiredQuoteRequest } from './expiredQuote';
import { withPickedPlace } from './withPickedPlace';

/**
 * The Book step and what follows it come when first needed (the quote page's first visit then
 * downloads only the form and the rates), and are fetched as soon as the user's own rates show,
 * so choosing a rate does not wait for them.
 */
const bookingSteps = () => import('../booking');
const BookingForm = lazy(() => bookingSteps().then((m) => ({ default: m.BookingForm })));
const ConfirmationStep = lazy(() => bookingSteps().then((m) => ({ default: m.ConfirmationStep })));
const HeldStep = lazy(() => bookingSteps().then((m) => ({ default: m.HeldStep })));

export interface QuoteWorkspaceProps {
  kind: 'ltl_parcel' | 'truckload';
  clientRef?: string;
  /** A quote to re-run with today's tariffs (/quote/:id, /truckload/:id). */
  rerunId?: string;
  /** Fields to start from (an eBay order's addresses and items). */
  prefill?: QuoteRequestInput;
  /**
   * A new quote was rated (a visitor's too, so only what both have is given); may answer it again
   * with more (the eBay order's booking places).
   */
  onRated?: (quote: Pick<Quote, 'id' | 'inputs'>) => Promise<Quote | undefined>;
  /** The shipment was booked (the eBay order sends its tracking back). */
  onBooked?: (shipment: ShipmentView) => void;
  /** Rate `prefill` at once (a visitor's public quote carried into the new account). */
  autoRate?: boolean;
  /** A visitor chose a rate to book: it needs an account first (the public quote page). */
  onGuestBook?: () => void;
}

const SHIPMENT_DETAILS = 0;
const RATE_RESULTS = 1;
const BOOK_SHIPMENT = 2;
const CONFIRMATION = 3;
/** The form keeps this id so Re-rate on the results step can submit it again. */
const FORM_ID = 'shipment-details-form';

/**
 * The quote on the results, and whose it is: a visitor's is only shown (Book leads to signing
 * up), while the Book step takes a signed-in user's stored quote.
 */
type Shown = { visitor: true; quote: ShownVisitorQuote } | { visitor: false; quote: Quote };

/**
 * One quote, from its details to its rates and on to its booking: the steps a quote goes through.
 * Every page that shows the user's own rates offers Book (a saved quote re-run, the history, the
 * truckload tab), so no road through quoting ends at a list of prices. The form stays mounted
 * while the rates show, so going back keeps every field; any edit after rating marks the rates
 * stale.
 */
export function QuoteWorkspace({ kind, clientRef, rerunId, prefill, onRated, onBooked, autoRate, onGuestBook }: QuoteWorkspaceProps) {
  const { t } = useTranslation();
  const guest = useGuestQuote();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(SHIPMENT_DETAILS);
  const [shownQuote, setShownQuote] = useState<Shown | null>(null);
  const quote = shownQuote?.quote ?? null;
  const [stale, setStale] = useState(false);
  const [initial, setInitial] = useState<QuoteRequestInput | undefined>(prefill);
  const resubmit = useRef(false);
  /** The rate chosen to book (Quote & Ship), with the insurance taken on the results. */
  const [chosen, setChosen] = useState<{ rate: QuoteRate; insurance: QuoteInsuranceOption | null } | null>(null);
  const [shipment, setShipment] = useState<ShipmentView | null>(null);
  /** A booking waiting for an account admin's approval instead of a shipment. */
  const [held, setHeld] = useState<BookingApproval | null>(null);
  /** Address book entries picked for the ends (quote form or Book step): the booking's places start from them. */
  const [picked, setPicked] = useState<PickedPlaces>({});
  /** The rates were re-rated from the Book step for a new place: the results say why they changed. */
  const [reratedPlace, setReratedPlace] = useState(false);
  /** The rates being booked expired and were rated again: the new pickup date, said on the results. */
  const [reratedExpired, setReratedExpired] = useState<string | null>(null);
  const fmt = useFormat();
  const ownRatesShown = !!shownQuote && !shownQuote.visitor;
  useEffect(() => {
    if (ownRatesShown) void bookingSteps();
  }, [ownRatesShown]);
  const pickPlace = (end: 'origin' | 'destination', entry: AddressBookEntry) => setPicked((p) => ({ ...p, [end]: entry }));

  const shown = (q: Shown) => {
    setReratedPlace(false);
    setReratedExpired(null);
    setShownQuote(q);
    setStale(false);
    setStep(RATE_RESULTS);
    void queryClient.invalidateQueries({ queryKey: QUOTES_KEY });
  };

  const rate = useMutation({
    mutationFn: async (request: Parameters<typeof createQuote>[0]): Promise<Shown> => {
      if (guest) {
        const { data } = await createPublicQuote(request);
        return { visitor: true, quote: (onRated ? await onRated(data) : undefined) ?? data };
      }
      const { data } = await createQuote(request);
      return { visitor: false, quote: (onRated ? await onRated(data) : undefined) ?? data };
    },
    onSuccess: shown,
  });
  const rerun = useMutation({
    mutationFn: rerunQuote,
    onSuccess: ({ data }) => {
      setInitial(data.inputs);
      shown({ visitor: false, quote: data });
    },
  });

  // If rating it again fails, the Book step's 'rating again' notice would wait forever: back to
  // the details, where the failure is shown above the form and the shipper can rate once more.
  const expired = useMutation({
    mutationFn: expiredQuoteRequest,
    onSuccess: (request) => {
      setInitial(request);
      rate.mutate(request, { onSuccess: (q) => setReratedExpired(q.quote.inputs.pickup_date), onError: () => setStep(SHIPMENT_DETAILS) });
    },
    onError: () => setStep(SHIPMENT_DETAILS),
  });

  const { mutate: startRerun } = rerun;
  useEffect(() => {
    if (rerunId) startRerun(rerunId);
  }, [rerunId, startRerun]);

  // Once per mount, even where effects run twice (StrictMode): each rating is a stored quote.
  const autoRated = useRef(false);
  const { mutate: startRate } = rate;
  useEffect(() => {
    if (!autoRate || !prefill || autoRated.current) return;
    autoRated.current = true;
    startRate(prefill);
  }, [autoRate, prefill, startRate]);

  // Re-rate from the results: back on the details step, then submit the form as it stands, so
  // its own validation speaks if a field became invalid.
  useEffect(() => {
    if (step === SHIPMENT_DETAILS && resubmit.current) {
      resubmit.current = false;
      (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();
    }
  }, [step]);

  const onEdit = () => {
    if (quote) setStale(true);
  };
  const top = () => window.scrollTo?.({ top: 0 });
  const goTo = (next: number) => {
    setStep(next);
    top();
  };
  // Once booked (or held for approval), the steps before are done: the way on is a new quote.
  const onStepClick = (next: number) => {
    if (!shipment && !held) setStep(next);
  };
  const newQuote = () => {
    setShipment(null);
    setHeld(null);
    setChosen(null);
    setShownQuote(null);
    setStale(false);
    goTo(SHIPMENT_DETAILS);
  };
  const serverErrors = isApiError(rate.error) && rate.error.status === 422 ? rate.error.errors : undefined;

  return (
    <Stack gap="md">
      {/* A visitor has no account to be on hold. */}
      {!guest && <CreditHoldBanner />}
      {clientRef && (
        <Group gap="xs">
          <Badge variant="light" size="lg">
            {t('quotes.page.client_ref', { ref: clientRef })}
          </Badge>
        </Group>
      )}
      <Stepper active={step} onStepClick={onStepClick} size="sm" allowNextStepsSelect={false} aria-label={t('quotes.page.steps')}>
        <Stepper.Step label={t('quotes.page.step_details')} />
        {/* Without an online rate the second step is where the shipper asks sales for a quote. */}
        <Stepper.Step
          label={t(quote && quote.rates.length === 0 ? 'quotes.page.step_request' : 'quotes.page.step_rates')}
          allowStepSelect={quote !== null}
        />
        <Stepper.Step label={t('quotes.page.step_book')} allowStepSelect={false} />
        <Stepper.Step label={t('quotes.page.step_confirmation')} allowStepSelect={false} />
      </Stepper>

      {rerun.isPending && <Alert color="blue">{t('quotes.page.rerunning')}</Alert>}
      {rerun.error && <ErrorAlert error={rerun.error} title={t('quotes.page.rerun_failed')} />}
      {rate.error && !serverErrors && <ErrorAlert error={rate.error} title={t('quotes.page.rate_failed')} />}
      {expired.error && <ErrorAlert error={expired.error} title={t('quotes.page.rate_failed')} />}

      <div hidden={step !== SHIPMENT_DETAILS || shipment !== null}>
        <ShipmentForm
          kind={kind}
          formId={FORM_ID}
          initial={initial}
          clientRef={clientRef}
          busy={rate.isPending || rerun.isPending}
          serverErrors={serverErrors}
          onSubmit={(request) => rate.mutate(request)}
          onEdit={onEdit}
          onPlacePicked={pickPlace}
        />
      </div>

      {step === RATE_RESULTS && quote && (
        <Stack gap="sm">
          <Group>
            <Button variant="default" onClick={() => setStep(SHIPMENT_DETAILS)}>
              {t('quotes.page.edit_details')}
            </Button>
          </Group>
          {reratedPlace && (
            <Alert color="blue" role="status" data-testid="rerated-place">
              {t('quotes.page.rerated_place')}
            </Alert>
          )}
          {reratedExpired && (
            <Alert color="blue" role="status" data-testid="rerated-expired">
              {t('quotes.page.rerated_expired', { date: fmt.date(reratedExpired) })}
            </Alert>
          )}
          <RateResults
            quote={quote}
            stale={stale}
            onRerate={() => {
              resubmit.current = true;
              setStep(SHIPMENT_DETAILS);
            }}
            onSaved={(saved) => setShownQuote({ visitor: false, quote: saved })}
            onBook={(rate, insurance) => {
              if (guest) {
                onGuestBook?.();
                return;
              }
              setChosen({ rate, insurance });
              goTo(BOOK_SHIPMENT);
            }}
          />
        </Stack>
      )}

      <Suspense fallback={null}>
        {/* Kept mounted while the shipper changes the rate or re-rates, so what was typed stays. */}
        {shownQuote && !shownQuote.visitor && chosen && !shipment && !held && (
          <div hidden={step !== BOOK_SHIPMENT}>
            <BookingForm
              quote={shownQuote.quote}
              rate={chosen.rate}
              insurance={chosen.insurance}
              onChangeRate={() => goTo(RATE_RESULTS)}
              onRequote={() => goTo(SHIPMENT_DETAILS)}
              picked={picked}
              onPlaceRerate={(end, entry) => {
                // The place changes what the rates were based on: rate it anew, and the shipper picks a rate again.
                pickPlace(end, entry);
                const request = withPickedPlace(shownQuote.quote.inputs, end, entry);
                setInitial(request);
                rate.mutate(request, { onSuccess: () => setReratedPlace(true) });
              }}
              onQuoteExpired={() => expired.mutate(shownQuote.quote.inputs)}
              onBooked={(booked) => {
                setShipment(booked);
                onBooked?.(booked);
                goTo(CONFIRMATION);
              }}
              onHeld={(approval) => {
                setHeld(approval);
                goTo(CONFIRMATION);
              }}
            />
          </div>
        )}

        {shipment && step === CONFIRMATION && <ConfirmationStep booked={shipment} onNewQuote={newQuote} />}
        {held && step === CONFIRMATION && <HeldStep approval={held} onNewQuote={newQuote} />}
      </Suspense>
    </Stack>
  );
}
