import { REPORT_MAIL_CHOICES, type ReportMailChoice } from '@freight/domain/analytics';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { showNotice } from '../../../components/notices/showNotice';
import { getReportMail, putReportMail, REPORT_MAIL_KEY } from '../api/reportMailApi';

/**
 * The Analytics report by mail on the user's settings (for those who may read Analytics): off,
 * weekly (Mondays, the week before) or monthly (the 1st, the month before). Saved on its own.
 */
export function ReportMailSetting() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: REPORT_MAIL_KEY, queryFn: getReportMail });
  const [choice, setChoice] = useState<ReportMailChoice | null>(null);
  const save = useMutation({
    mutationFn: (frequency: ReportMailChoice) => putReportMail({ frequency }),
    onSuccess: (data) => {
      client.setQueryData(REPORT_MAIL_KEY, data);
      setChoice(null);
      showNotice({ color: 'green', message: { key: 'settings.report_mail.saved' } });
    },
  });
  const saved = query.data?.frequency;
  const value = choice ?? saved ?? 'off';
  return (
    <Stack gap="xs" data-testid="report-mail-setting">
      <Title order={2} size="h3">
        {t('settings.report_mail.title')}
      </Title>
      <Text size="sm">{t('settings.report_mail.intro')}</Text>
      {query.error && <ErrorAlert error={query.error} />}
      {!query.data && !query.error ? (
        <LoadingBlock height={36} maw={360} label={t('settings.report_mail.loading')} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(value);
          }}
        >
          <Group align="flex-end" gap="sm">
            <Select
              label={t('settings.report_mail.label')}
              allowDeselect={false}
              w={{ base: '100%', xs: 260 }}
              data={REPORT_MAIL_CHOICES.map((c) => ({ value: c, label: t(`settings.report_mail.choices.${c}`) }))}
              value={value}
              onChange={(v) => v && setChoice(v as ReportMailChoice)}
            />
            <Button type="submit" loading={save.isPending} disabled={value === saved}>
              {t('settings.report_mail.save')}
            </Button>
          </Group>
        </form>
      )}
      {save.error && <ErrorAlert error={save.error} />}
    </Stack>
  );
}
