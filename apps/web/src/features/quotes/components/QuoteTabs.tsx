import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { mayOpenPage } from '../../../lib/permissions';

/** The quote tabs, each a page of its own. */
const TABS = [
  { value: paths.quoteShipment, label: 'quotes.tabs.quote_ship' },
  { value: paths.quoteInternational, label: 'quotes.tabs.international' },
  { value: paths.savedQuotes, label: 'quotes.tabs.saved' },
  { value: paths.quoteHistory, label: 'quotes.tabs.history' },
  { value: paths.truckload, label: 'quotes.tabs.truckload' },
  { value: paths.quote, label: 'quotes.tabs.ltl_parcel' },
] as const;

export type QuoteTab = (typeof TABS)[number]['value'];

/** Which tab a path belongs to: '/quote/7' is the LTL & Small Package tab, '/' and '/REF' Quote & Ship. */
export function quoteTabOf(pathname: string): QuoteTab {
  const exact = TABS.find((t) => pathname === t.value);
  if (exact) return exact.value;
  const nested = TABS.find((t) => t.value !== paths.quoteInternational && pathname.startsWith(`${t.value}/`));
  return nested?.value ?? paths.quoteShipment;
}

/** Tabs above every quote page (those the user's role opens); choosing one navigates to its page. */
export function QuoteTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useAuthUser();
  return (
    <Tabs value={quoteTabOf(pathname)} onChange={(v) => v && navigate(v)} mb="md" keepMounted={false}>
      <Tabs.List aria-label={t('quotes.tabs.label')}>
        {TABS.filter((tab) => mayOpenPage(user, tab.value)).map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
