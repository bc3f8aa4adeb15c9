import type { QuoteRequestInput } from '@freight/contracts';
import { SUPPORT_PHONE } from '@freight/domain';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { PageHeader } from '../../../components/PageHeader';
import { useSupportTopic } from '../../../lib/support';
import { useFirstPaintDone } from '../../../lib/useFirstPaintDone';
import { PendingApprovalsNotice } from '../../approvals';
import { dropCarriedQuote, hasCarriedQuote, peekCarriedQuote } from '../carriedQuote';
import { QuoteTabs } from '../components/QuoteTabs';
import { QuoteWorkspace, type QuoteWorkspaceProps } from '../components/workspace/QuoteWorkspace';

export { QuoteHistoryRoute, SavedQuotesRoute } from './QuoteListRoutes';

/**
 * A quote page: title, tabs, then the workspace (a spinner while `waiting`). `rerunId` comes from
 * /quote/:id and kin. Opened first, the page paints before the workspace, the form being most of
 * its first render's work.
 */
function QuotePage({
  titleKey,
  notice,
  waiting,
  ...workspace
}: QuoteWorkspaceProps & { titleKey: string; notice?: ReactNode; waiting?: boolean }) {
  const { t } = useTranslation();
  useSupportTopic({ category: 'quoting' });
  const painted = useFirstPaintDone();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <QuoteTabs />
      {notice}
      {waiting || !painted ? (
        <LoadingSpinner label={t('common.loading')} py="xl" />
      ) : (
        // A new id is a new quote: remount so nothing of the previous one lingers.
        <QuoteWorkspace key={workspace.rerunId ?? 'new'} {...workspace} />
      )}
    </>
  );
}

/**
 * /, /:clientrefnum and /:clientrefnum/q: Quote & Ship, optionally for a client reference number.
 * A visitor's public quote carried into the account (carriedQuote.ts) is rated here at once. The
 * home page tells an account admin of the bookings that wait for their approval.
 */
export function QuoteRoute() {
  const { t } = useTranslation();
  const { clientrefnum } = useParams();
  // A carried quote is checked before the form is drawn with it: the form takes its values once.
  const [checking, setChecking] = useState(() => !clientrefnum && hasCarriedQuote());
  const [carried, setCarried] = useState<QuoteRequestInput>();
  useEffect(() => {
    if (!checking) return;
    let current = true;
    // A check whose script cannot be loaded draws the empty form; the quote stays stored for the next visit.
    peekCarriedQuote()
      .then((request) => {
        if (!current) return;
        setCarried(request);
        if (request) dropCarriedQuote();
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setChecking(false);
      });
    return () => {
      current = false;
    };
  }, [checking]);
  const notice = (
    <>
      {!clientrefnum && <PendingApprovalsNotice />}
      {carried && (
        <Alert color="teal" title={t('quotes.page.carried_title')} mb="md" role="status">
          {t('quotes.page.carried_body')}
        </Alert>
      )}
    </>
  );
  return (
    <QuotePage
      titleKey="quotes.tabs.quote_ship"
      kind="ltl_parcel"
      clientRef={clientrefnum}
      prefill={carried}
      autoRate={!!carried}
      notice={notice}
      waiting={checking}
    />
  );
}

/** /quote: LTL & Small Package, quote only. */
export const LtlParcelRoute = () => <QuotePage titleKey="quotes.tabs.ltl_parcel" kind="ltl_parcel" />;

/** /quote/:id/:return?: re-runs a saved quote with today's tariffs. */
export function SavedQuoteRoute() {
  const { id } = useParams();
  return <QuotePage titleKey="quotes.tabs.ltl_parcel" kind="ltl_parcel" rerunId={id} />;
}

/** /quote-shipment and /quote-shipment/:id/:return?: quote and book in one flow. */
export function QuoteShipmentRoute() {
  const { id } = useParams();
  return <QuotePage titleKey="quotes.tabs.quote_ship" kind="ltl_parcel" rerunId={id} />;
}

/** /truckload and /truckload/:id/:return?. */
export function TruckloadRoute() {
  const { id } = useParams();
  return <QuotePage titleKey="quotes.tabs.truckload" kind="truckload" rerunId={id} />;
}

/**
 * /quote-shipment/international: Quote & Ship across a border, the same workspace as Quote & Ship,
 * under a note of the lanes carriers serve and what a rate across the border includes.
 */
export function InternationalRoute() {
  const { t } = useTranslation();
  const notice = (
    <Alert color="blue" title={t('quotes.international.title')} role="status" mb="md">
      <Stack gap="xs">
        <Text size="sm">{t('quotes.international.body')}</Text>
        <Anchor href={`tel:${SUPPORT_PHONE.tel}`} size="sm">
          {t('quotes.international.call', { phone: SUPPORT_PHONE.display })}
        </Anchor>
      </Stack>
    </Alert>
  );
  return <QuotePage titleKey="quotes.tabs.international" kind="ltl_parcel" notice={notice} />;
}
