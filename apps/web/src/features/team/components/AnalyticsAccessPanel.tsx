import { Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { ANALYTICS_ACCESS_KEY, analyticsAccessQuery, saveAnalyticsAccess } from '../api/teamApi';

/**
 * The team admin's switch opening the Analytics page to the account's viewers (the other roles read
 * it by their own right). A viewer's next request follows it.
 */
export function AnalyticsAccessPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const access = useQuery(analyticsAccessQuery());
  const save = useMutation({
    mutationFn: saveAnalyticsAccess,
    onSuccess: (saved) => {
      qc.setQueryData(ANALYTICS_ACCESS_KEY, saved);
      showNotice({ color: 'green', message: { key: saved.viewers ? 'team.analytics_access.on' : 'team.analytics_access.off' } });
    },
  });
  return (
    <Section title={t('team.analytics_access.title')} testId="analytics-access">
      <Stack gap="sm">
        <Text size="sm" id="analytics-access-help" maw={760}>
          {t('team.analytics_access.help')}
        </Text>
        <QueryStatus query={access} />
        {access.data && (
          <Switch
            label={t('team.analytics_access.label')}
            aria-describedby="analytics-access-help"
            checked={access.data.viewers}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.currentTarget.checked)}
          />
        )}
        <ErrorAlert error={save.error} />
      </Stack>
    </Section>
  );
}
