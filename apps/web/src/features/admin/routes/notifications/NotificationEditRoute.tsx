import {
  NOTICE_AUDIENCES,
  NOTICE_SEVERITIES,
  type NoticeSeverity,
  type SiteNotificationView,
  siteNotificationRequest,
} from '@freight/contracts';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../../components/FormAlert';
import { NoticeBanner } from '../../../../components/notices/NoticeBanner';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { paths } from '../../../../lib/paths';
import { afterNotificationChange, notificationQuery, saveNotification } from '../../api/notificationsApi';
import { AccountSelect } from '../../components/AccountSelect';

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
/** A datetime-local value as an instant with its offset; anything unreadable goes as typed, for the checks to refuse. */
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

const isSeverity = (s: string): s is NoticeSeverity => (NOTICE_SEVERITIES as readonly string[]).includes(s);

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
  const save = useMutation({
    mutationFn: (v: Values) => saveNotification(notice?.id ?? null, toBody(v)),
    onSuccess: async (saved) => {
      await afterNotificationChange(client, saved);
      await navigate(paths.admin.page('notifications'));
    },
    onError: (e) => setServerErrors(form, e),
  });
  // A retired notice is the record of what was shown: the server refuses changes, so it is only read here.
  const retired = notice?.state === 'retired';
  const heading = notice ? t('admin.notices.edit') : t('admin.notices.new');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <form
      noValidate
      aria-label={heading}
      onSubmit={form.onSubmit((values) => {
        const errors = zodErrors(siteNotificationRequest, t, values, toBody);
        if (Object.keys(errors).length) form.setErrors(errors);
        else save.mutate(values);
      })}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {heading}
        </Title>
        {retired && <Alert color="gray">{t('admin.notices.retired_read_only')}</Alert>}
        <FormAlert error={save.error} fields={form} />
        <Fieldset variant="unstyled" disabled={retired}>
          <Stack gap="md">
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
                {form.values.audience === 'account' && (
                  <AccountSelect
                    label={t('admin.notices.account')}
                    placeholder={t('admin.notices.account_search')}
                    withAsterisk
                    initial={notice?.account ?? null}
                    value={form.values.account_id}
                    error={form.errors.account_id}
                    onChange={(v) => form.setFieldValue('account_id', v)}
                  />
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  type="datetime-local"
                  label={t('admin.notices.starts_at')}
                  description={t('admin.notices.zone', { zone })}
                  withAsterisk
                  {...form.getInputProps('starts_at')}
                />
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
              <LanguageFields form={form} lang="en" />
              <LanguageFields form={form} lang="es" />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Group>
          {!retired && (
            <Button type="submit" loading={save.isPending}>
              {notice ? t('admin.notices.save') : t('admin.notices.publish')}
            </Button>
          )}
          <Button variant="default" component={Link} to={paths.admin.page('notifications')}>
            {retired ? t('admin.notices.back_to_list') : t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One language's title and text, with the banner as readers of that language will see it. */
function LanguageFields({ form, lang }: { form: UseFormReturnType<Values>; lang: 'en' | 'es' }) {
  const { t } = useTranslation();
  const v = form.values;
  return (
    <Fieldset legend={t(`admin.notices.in_${lang}`)}>
      <Stack gap="sm">
        <TextInput label={t('admin.notices.title')} withAsterisk maxLength={120} {...form.getInputProps(`title_${lang}`)} />
        <Textarea label={t('admin.notices.body')} withAsterisk rows={4} maxLength={1000} {...form.getInputProps(`body_${lang}`)} />
        <Text size="xs" c="dimmed">
          {t('admin.notices.preview')}
        </Text>
        <NoticeBanner
          notice={{
            severity: isSeverity(v.severity) ? v.severity : 'info',
            title: v[`title_${lang}`] || t('admin.notices.title'),
            body: v[`body_${lang}`] || t('admin.notices.body'),
          }}
        />
      </Stack>
    </Fieldset>
  );
}
