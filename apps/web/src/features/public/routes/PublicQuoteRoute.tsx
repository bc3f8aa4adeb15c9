import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { PublicQuote } from '../quote/PublicQuote';

/** The public quote page (no login): /public-quote. */
export function PublicQuoteRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('public_quote.title')} />
      <PublicQuote />
    </>
  );
}
