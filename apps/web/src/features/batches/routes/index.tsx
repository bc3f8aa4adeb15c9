import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Section } from '../../../components/Section';
import { useCan } from '../../../lib/permissions';
import { BatchDetail } from '../components/BatchDetail';
import { BatchHistory } from '../components/BatchHistory';
import { UploadForm } from '../components/UploadForm';

/** /batches: a new batch's upload (for those who book) and the account's batches. */
export function BatchesRoute() {
  const { t } = useTranslation();
  const mayBook = useCan('shipments.book');
  return (
    <>
      <PageHeader title={t('batches.title')} />
      <Text mb="md">{t('batches.intro')}</Text>
      <Stack gap="lg">
        {mayBook && (
          <Section title={t('batches.upload.title')}>
            <UploadForm />
          </Section>
        )}
        <Section title={t('batches.history.title')}>
          <BatchHistory />
        </Section>
      </Stack>
    </>
  );
}

/** /batches/:id: one batch's rows, their fixes, rating, choices and booking. */
export function BatchRoute() {
  const { id = '' } = useParams();
  return <BatchDetail id={id} />;
}
