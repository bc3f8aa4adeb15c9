import { NOTICE_AUDIENCES, NOTICE_SEVERITIES, type SiteNotificationView, siteNotificationRequest } from '@freight/contracts';
import {
  Anchor,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { NoticeBanner } from '../../../../components/notices/SiteNotices';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { serverFieldErrors, zodErrors } from '../../../../lib/forms';
import { paths } from '../../../../lib/paths';
import { accountOptionsQuery, afterNotificationChange, notificationQuery, saveNotification } from '../../api/notificationsApi';
import { isFormError } from '../../components/fieldErrors';

type Values = {
  severity: string;
  audience: string;
  account_id: string | null;
  title_en: string;
  title_es: string;
  body_en: string;
  body_es: string;
  starts_at: string;
  ends_at: string;
};

/** 'YYYY-MM-DDTHH:MM' on this browser's clock, as a datetime-local input holds it. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
/** A datetime-local value as an instant with its offset; anything unreadable goes as typed, for the server to refuse. */
const toInstant = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};
const toBody = (v: Values) => ({
  ...v,
  account_id: v.audience === 'account' ? v.account_id : null,
  starts_at: toInstant(v.starts_at),
  ends_at: v.ends_at ? toInstant(v.ends_at) : null,
});

/** New notice (/admin/notifications/new) or an existing one (/admin/notifications/edit/:id). */
export function NotificationEditRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const existing = useQuery({ ...notificationQuery(id ?? ''), enabled: Boolean(id) });
  return (
    <>
      <PageHeader title={t('admin.pages.notifications')} />
      <Anchor component={Link} to={paths.admin.page('notifications')} size="sm" mb="md" display="block">
        {t('admin.notices.back')}
      </Anchor>
      {id ? <QueryStatus query={existing} /> : null}
      {(!id || existing.data) && <NoticeForm key={existing.data?.id ?? 'new'} notice={existing.data ?? null} />}
    </>
  );
}

function NoticeForm({ notice }: { notice: SiteNotificationView | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: {
      severity: notice?.severity ?? 'info',
      audience: notice?.audience ?? 'customers',
      account_id: notice?.account?.id ?? null,
      title_en: notice?.title_en ?? '',
      title_es: notice?.title_es ?? '',
      body_en: notice?.body_en ?? '',
      body_es: notice?.body_es ?? '',
      starts_at: toLocalInput(notice?.starts_at ?? new Date().toISOString()),
      ends_at: toLocalInput(notice?.ends_at ?? null),
    },
  });
  const [accountSearch, setAccountSearch] = useState(notice?.account?.name ?? '');
  const [debounced] = useDebouncedValue(accountSearch, 300);
  const accounts = useQuery({ ...accountOptionsQuery(debounced), enabled: form.values.audience === 'account' });
  const accountData = [
    ...(notice?.account ? [{ value: notice.account.id, label: notice.account.name }] : []),
    ...(accounts.data ?? []).filter((a) => a.id !== notice?.account?.id).map((a) => ({ value: a.id, label: a.name })),
  ];
  const save = useMutation({
    mutationFn: (v: Values) => saveNotification(notice?.id ?? null, toBody(v)),
    onSuccess: async (saved) => {
      await afterNotificationChange(client, saved);
      await navigate(paths.admin.page('notifications'));
    },
    onError: (e) => form.setErrors(serverFieldErrors(e)),
  });
  const v = form.values;
  const severity = (NOTICE_SEVERITIES as readonly string[]).includes(v.severity)
    ? (v.severity as (typeof NOTICE_SEVERITIES)[number])
    : 'info';
  return (
    <form
      noValidate
      aria-label={notice ? t('admin.notices.edit') : t('admin.notices.new')}
      onSubmit={form.onSubmit((values) => {
        const errors = zodErrors(siteNotificationRequest, t, values, toBody);
        if (Object.keys(errors).length) form.setErrors(errors);
        else save.mutate(values);
      })}
    >
      <Stack gap="md">
        <Title order={3}>{notice ? t('admin.notices.edit') : t('admin.notices.new')}</Title>
        {isFormError(save.error) && <ErrorAlert error={save.error} />}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              label={t('admin.notices.severity')}
              data={NOTICE_SEVERITIES.map((s) => ({ value: s, label: t(`notices.severity.${s}`) }))}
              {...form.getInputProps('severity')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              label={t('admin.notices.audience')}
              data={NOTICE_AUDIENCES.map((a) => ({ value: a, label: t(`admin.notices.audiences.${a}`) }))}
              {...form.getInputProps('audience')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            {v.audience === 'account' && (
              <Select
                label={t('admin.notices.account')}
                withAsterisk
                searchable
                searchValue={accountSearch}
                onSearchChange={setAccountSearch}
                data={accountData}
                nothingFoundMessage={t('admin.notices.no_account')}
                {...form.getInputProps('account_id')}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput type="datetime-local" label={t('admin.notices.starts_at')} withAsterisk {...form.getInputProps('starts_at')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="datetime-local"
              label={t('admin.notices.ends_at')}
              description={t('admin.notices.ends_hint')}
              {...form.getInputProps('ends_at')}
            />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['en', 'es'] as const).map((lang) => (
            <Paper key={lang} withBorder p="md" role="group" aria-label={t(`admin.notices.in_${lang}`)}>
              <Stack gap="sm">
                <Text fw={600}>{t(`admin.notices.in_${lang}`)}</Text>
                <TextInput label={t('admin.notices.title')} withAsterisk maxLength={120} {...form.getInputProps(`title_${lang}`)} />
                <Textarea label={t('admin.notices.body')} withAsterisk rows={3} maxLength={1000} {...form.getInputProps(`body_${lang}`)} />
                <Text size="xs" c="dimmed">
                  {t('admin.notices.preview')}
                </Text>
                <NoticeBanner
                  notice={{
                    severity,
                    title: v[`title_${lang}`] || t('admin.notices.title'),
                    body: v[`body_${lang}`] || t('admin.notices.body'),
                  }}
                />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {notice ? t('admin.notices.save') : t('admin.notices.publish')}
          </Button>
          <Button variant="default" component={Link} to={paths.admin.page('notifications')}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
