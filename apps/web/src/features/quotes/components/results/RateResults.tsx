import { SUPPORT_PHONE } from '@freight/domain';
import { Alert, Button, Group, List, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type JSX, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../../../../components/a11y/useAnnounce';
import { ContactSupportButton } from '../../../../components/support/SupportDialog';
import { useAuthUser } from '../../../../lib/auth';
import { can } from '../../../../lib/permissions';
import { SetByRule } from '../../../automation-rules';
import { QUOTES_KEY, type Quote, type QuoteInsuranceOption, type QuoteRate, type ResultsQuote, saveQuote } from '../../api/quotesApi';
import { useGuestQuote } from '../guest';
import { InsuranceChoice } from './InsuranceChoice';
import { insuredOptions, NO_INSURANCE, preselectInsurance } from './insurance';
import { RateCard } from './RateCard';
import { useRuleRates } from './ruleRates';
import { offersSalesRequest } from './salesOffer';
import { DEFAULT_SORT, isRateSort, type RateSort, SORT_OPTIONS, sortRates } from './sortRates';
import { usePreferredCarriers } from './usePreferredCarriers';

/** The sales request's form (and its schema) comes when a shipper first opens it. */
const SalesRequestModal = lazy(() => import('./SalesRequestModal').then((m) => ({ default: m.SalesRequestModal })));

export interface RateResultsProps {
  /** A signed-in user's quote or a visitor's: the results read only what both have. */
  quote: ResultsQuote;
  /** The details changed since this quote was rated: say a re-rate is needed, hide prices' actions. */
  stale: boolean;
  /** Rate again with the current details (the page re-submits the form). */
  onRerate: () => void;
  /** Booking arrives with the next issue; while undefined no Book button is shown. */
  onBook?: (rate: QuoteRate, insurance: QuoteInsuranceOption | null) => void;
  /** After a successful save (the quote now has saved: true). */
  onSaved?: (quote: Quote) => void;
}

/**
 * Rate results: how many quotes came back, a sort, one card per rate with its
 * charges, the warnings and no-rate reasons, insurance options, saving the quote, and the offer to
 * send a request the portal cannot rate to the sales team.
 */
export function RateResults({ quote, stale, onRerate, onBook, onSaved }: RateResultsProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const user = useAuthUser();
  // Rates are read by roles that quote; the Book buttons are only for those who may also book. A
  // visitor's (the public quote) lead to the sign-up.
  const mayBook = !user || can(user, 'shipments.book');
  const qc = useQueryClient();
  const userPreferred = usePreferredCarriers(quote.mode);
  // The account's automation rules: carriers they leave out (shown on request), prefer (first) and their pick.
  const ruleRates = useRuleRates(quote);
  const [shownExcluded, setShownExcluded] = useState<string | null>(null);
  const showExcluded = shownExcluded === quote.id;
  const isPreferred = useMemo(
    () => (r: QuoteRate) => userPreferred(r) || (ruleRates?.isRulePreferred(r) ?? false),
    [userPreferred, ruleRates],
  );
  const [sort, setSort] = useState<RateSort>(DEFAULT_SORT);
  const rates = useMemo(() => {
    const left = ruleRates && !showExcluded ? quote.rates.filter((r) => !ruleRates.excluded.includes(r)) : quote.rates;
    return sortRates(left, sort, isPreferred, i18n.language);
  }, [quote.rates, sort, isPreferred, i18n.language, ruleRates, showExcluded]);
  const anyPreferred = quote.rates.some(isPreferred);
  useAnnounce(t('quotes.results.count', { count: quote.rates.length }), quote.id);

  // Choices belong to one quote: a new quote (a re-rate) starts again from the preference.
  const [insuranceChoice, setInsuranceChoice] = useState<{ quoteId: string; kind: string } | null>(null);
  const insuranceKind =
    insuranceChoice?.quoteId === quote.id
      ? insuranceChoice.kind
      : (ruleRates?.insuranceKind ?? preselectInsurance(quote.insurance_options, user?.settings?.insurance_preference));
  const insurance = insuranceKind === NO_INSURANCE ? null : (quote.insurance_options.find((o) => o.kind === insuranceKind) ?? null);

  const [savedId, setSavedId] = useState<string | null>(null);
  const saved = quote.saved || savedId === quote.id;
  const save = useMutation({
    mutationFn: (id: string) => saveQuote(id),
    onSuccess: (res, id) => {
      setSavedId(id);
      void qc.invalidateQueries({ queryKey: QUOTES_KEY });
      notifications.show({ color: 'green', message: t('quotes.results.save_success') });
      onSaved?.(res.data);
    },
  });
  const saveFailed = save.isError && save.variables === quote.id;

  const [salesOpen, setSalesOpen] = useState(false);
  // Once opened the form stays mounted, so closing it plays out and gives the focus back.
  const [salesAsked, setSalesAsked] = useState(false);
  const [salesSentId, setSalesSentId] = useState<string | null>(null);
  const warnings = quote.messages.filter((m) => m.level === 'warning');
  const noRates = quote.messages.filter((m) => m.level === 'no_rate');
  const hasRates = quote.rates.length > 0;
  // A visitor has no account to send a sales request from: it is given the number to call.
  const guest = useGuestQuote();
  const offerSales = offersSalesRequest(quote) && !guest;
  const guestCalls = offersSalesRequest(quote) && guest;

  return (
    <Stack gap="md">
      {stale && (
        <Alert color="orange" variant="filled" title={t('quotes.results.stale.title')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('quotes.results.stale.body')}</Text>
            <Button variant="white" color="orange" onClick={onRerate}>
              {t('quotes.results.stale.rerate')}
            </Button>
          </Stack>
        </Alert>
      )}

      <Group justify="space-between" align="flex-end" gap="sm">
        <Text fw={600} size="lg" data-testid="rates-count">
          {t('quotes.results.count', { count: quote.rates.length })}
        </Text>
        <Group align="flex-end" gap="sm">
          {hasRates && (
            <NativeSelect
              label={t('quotes.results.sort.label')}
              value={sort}
              onChange={(e) => {
                const v = e.currentTarget.value;
                if (isRateSort(v)) setSort(v);
              }}
              data={SORT_OPTIONS.map((s) => ({ value: s, label: t(`quotes.results.sort.${s}`) }))}
              miw={220}
            />
          )}
          {hasRates && !stale && !guest && (
            <Button
              variant={saved ? 'light' : 'filled'}
              color={saved ? 'green' : undefined}
              disabled={saved}
              loading={save.isPending}
              onClick={() => save.mutate(quote.id)}
            >
              {saved ? t('quotes.results.saved') : t('quotes.results.save')}
            </Button>
          )}
        </Group>
      </Group>

      {saveFailed && !stale && (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="xs">
            <span>{t('quotes.results.save_failed', { phone: SUPPORT_PHONE.display })}</span>
            <ContactSupportButton variant="white" color="red" />
          </Group>
        </Alert>
      )}

      {warnings.length > 0 && (
        <Alert color="yellow" title={t('quotes.results.warnings_title')}>
          <MessageList texts={warnings.map((m) => m.text)} />
        </Alert>
      )}

      {(noRates.length > 0 || !hasRates) && (
        <Alert
          color={hasRates ? 'gray' : 'blue'}
          title={t(hasRates ? 'quotes.results.no_rate.partial_title' : 'quotes.results.no_rate.title')}
        >
          <Stack gap="sm" align="flex-start">
            {noRates.length > 0 && <MessageList texts={noRates.map((m) => m.text)} />}
            {guestCalls && <Text size="sm">{t('quotes.results.sales.guest', { phone: SUPPORT_PHONE.display })}</Text>}
            {offerSales &&
              (salesSentId === quote.id ? (
                <Text size="sm" fw={500}>
                  {t('quotes.results.sales.sent_short')}
                </Text>
              ) : (
                // Stale details are not what sales would quote: the offer comes back after the re-rate.
                !stale && (
                  <>
                    <Text size="sm">{t('quotes.results.sales.offer_intro')}</Text>
                    <Button
                      onClick={() => {
                        setSalesAsked(true);
                        setSalesOpen(true);
                      }}
                    >
                      {t('quotes.results.sales.offer')}
                    </Button>
                  </>
                )
              ))}
          </Stack>
        </Alert>
      )}

      {hasRates && insuredOptions(quote.insurance_options).length > 0 && (
        <Paper withBorder p="md">
          <InsuranceChoice
            options={quote.insurance_options}
            currency={quote.currency}
            value={insuranceKind}
            onChange={(kind) => setInsuranceChoice({ quoteId: quote.id, kind })}
          />
        </Paper>
      )}

      {ruleRates && <SetByRule outcome={ruleRates.outcome} />}
      {ruleRates && ruleRates.excluded.length > 0 && (
        <Group gap="xs">
          <Text size="sm" data-testid="rule-excluded">
            {t('quotes.results.rule_excluded', { count: ruleRates.excluded.length, name: ruleRates.excludedBy ?? '' })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setShownExcluded(showExcluded ? null : quote.id)}>
            {showExcluded ? t('quotes.results.rule_excluded_hide') : t('quotes.results.rule_excluded_show')}
          </Button>
        </Group>
      )}

      {anyPreferred && (
        <Text size="sm" c="dimmed">
          {t('quotes.results.preferred_first')}
        </Text>
      )}

      {hasRates && (
        <Stack gap="sm" data-stale={stale || undefined}>
          {rates.map((rate) => (
            <RateCard
              key={rate.id}
              rate={rate}
              preferred={isPreferred(rate)}
              ruleChoice={ruleRates?.picked?.id === rate.id ? ruleRates.picked.by : undefined}
              stale={stale}
              insurance={insurance}
              onBook={onBook && mayBook ? () => onBook(rate, insurance) : undefined}
            />
          ))}
        </Stack>
      )}

      {offerSales && salesAsked && (
        <Suspense fallback={null}>
          <SalesRequestModal
            quoteId={quote.id}
            opened={salesOpen}
            onClose={() => setSalesOpen(false)}
            onSent={() => setSalesSentId(quote.id)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function MessageList({ texts }: { texts: string[] }) {
  if (texts.length === 1) return <Text size="sm">{texts[0]}</Text>;
  return (
    <List size="sm" spacing={4}>
      {texts.map((text) => (
        <List.Item key={text}>{text}</List.Item>
      ))}
    </List>
  );
}
