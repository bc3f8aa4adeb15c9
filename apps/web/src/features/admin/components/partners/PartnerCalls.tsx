import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { partnerCallsQuery } from '../../api/integrationsApi';
import { ApiCallsTable } from '../ApiCallsTable';

/** The partner's newest calls of the public API (the log keeps no bodies). */
export function PartnerCalls({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation();
  const query = useQuery(partnerCallsQuery(partnerId));
  const calls = query.data ?? [];
  return (
    <Section title={t('admin.partners.calls')}>
      <QueryStatus query={query} />
      {query.data && calls.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.partners.no_calls')}
        </Text>
      )}
      {calls.length > 0 && <ApiCallsTable calls={calls} caption={t('admin.partners.calls_caption', { count: calls.length })} />}
    </Section>
  );
}
