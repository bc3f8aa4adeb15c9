import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { QuoteList } from '../components/lists/QuoteList';
import { QuoteTabs } from '../components/QuoteTabs';

/** /quote-history: every quote of the account, newest first. */
export function QuoteHistoryRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('quotes.lists.history_title')} />
      <QuoteTabs />
      <QuoteList saved={false} />
    </>
  );
}

/** /saved-quotes: the quotes a user saved from their rate results. */
export function SavedQuotesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('quotes.lists.saved_title')} />
      <QuoteTabs />
      <QuoteList saved />
    </>
  );
}
