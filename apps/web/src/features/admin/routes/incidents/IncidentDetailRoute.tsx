import { type IncidentDetail, incidentStateRequest } from '@freight/contracts';
import { Anchor, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../../components/FormAlert';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { incidentQuery, incidentsKey, setIncidentState } from '../../api/carrierMessagesApi';
import { IncidentKindBadge, IncidentStateBadge } from '../../components/incidents/IncidentKindBadge';

/** One API incident group: what it is, how often, the latest request and answer (redacted), and its resolution. */
export function IncidentDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery(incidentQuery(id));
  return (
    <>
      <PageHeader title={t('admin.pages.incidents')} />
      <Anchor component={Link} to={paths.admin.page('incidents')} size="sm" mb="md" display="block">
        {t('admin.incidents.back')}
      </Anchor>
      <QueryStatus query={q} />
      {q.data && <Detail incident={q.data} />}
    </>
  );
}

/** A recorded exchange as indented JSON, shown as text (never markup: a carrier's answer may hold HTML). */
function Exchange({ title, value }: { title: string; value: unknown }) {
  const { t } = useTranslation();
  return (
    <Section title={title}>
      {value === null || value === undefined ? (
        <Text size="sm" c="dimmed">
          {t('admin.incidents.nothing_recorded')}
        </Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 420, overflow: 'auto' }}>
          {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
        </Code>
      )}
    </Section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function Detail({ incident: i }: { incident: IncidentDetail }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Group gap="sm">
            <IncidentKindBadge kind={i.kind} />
            <IncidentStateBadge state={i.state} />
          </Group>
          <Title order={2} size="h3" fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {i.error}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Fact label={t('admin.incidents.carrier')}>{i.carrier ? `${i.carrier.name} (${i.carrier.scac})` : '—'}</Fact>
            <Fact label={t('admin.incidents.operation')}>{i.operation}</Fact>
            <Fact label={t('admin.incidents.occurrences')}>{fmt.number(i.occurrences)}</Fact>
            <Fact label={t('admin.incidents.affected_quotes')}>{fmt.number(i.affected_quotes)}</Fact>
            <Fact label={t('admin.incidents.first_seen')}>{fmt.dateTime(i.first_seen_at)}</Fact>
            <Fact label={t('admin.incidents.last_seen')}>{fmt.dateTime(i.last_seen_at)}</Fact>
          </SimpleGrid>
        </Stack>
      </Paper>
      <ResolvePanel incident={i} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Exchange title={t('admin.incidents.request')} value={i.request} />
        <Exchange title={t('admin.incidents.response')} value={i.response} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('admin.incidents.redaction_note')}
      </Text>
    </Stack>
  );
}

/**
 * Resolve an open incident, or reopen a resolved one, with staff's note, which is required: the note of
 * the latest change is kept on the incident (shown as why it was resolved or reopened), every one in
 * the audit log.
 */
function ResolvePanel({ incident: i }: { incident: IncidentDetail }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const next = i.state === 'open' ? 'resolved' : 'open';
  const form = useForm({ initialValues: { note: '' } });
  const save = useMutation({
    mutationFn: (note: string) => setIncidentState(i.id, { state: next, note }),
    onSuccess: async (saved) => {
      client.setQueryData(incidentQuery(i.id).queryKey, saved);
      form.reset();
      await client.invalidateQueries({ queryKey: [...incidentsKey, 'list'] });
    },
    onError: (e) => setServerErrors(form, e),
  });
  const toBody = (v: { note: string }) => ({ state: next, note: v.note });
  return (
    <Section title={t('admin.incidents.resolution')}>
      <Stack gap="sm">
        {i.state === 'resolved' && (
          <Text size="sm">{t('admin.incidents.resolved_by', { who: i.resolved_by ?? '—', when: fmt.dateTime(i.resolved_at) })}</Text>
        )}
        {i.resolution_note && (
          <div>
            <Text size="xs" c="dimmed">
              {i.state === 'resolved' ? t('admin.incidents.resolution_note') : t('admin.incidents.reopen_note')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="resolution-note">
              {i.resolution_note}
            </Text>
          </div>
        )}
        <form
          noValidate
          aria-label={i.state === 'open' ? t('admin.incidents.resolve') : t('admin.incidents.reopen')}
          onSubmit={form.onSubmit((v) => {
            const errors = zodErrors(incidentStateRequest, t, v, toBody);
            if (Object.keys(errors).length) form.setErrors(errors);
            else save.mutate(v.note);
          })}
        >
          <Stack gap="sm">
            <FormAlert error={save.error} fields={form} />
            <Textarea
              label={t('admin.incidents.note')}
              withAsterisk
              description={i.state === 'open' ? t('admin.incidents.note_hint_resolve') : t('admin.incidents.note_hint_reopen')}
              rows={3}
              maxLength={1000}
              {...form.getInputProps('note')}
            />
            <Group>
              <Button type="submit" loading={save.isPending} color={i.state === 'open' ? 'green' : undefined}>
                {i.state === 'open' ? t('admin.incidents.resolve') : t('admin.incidents.reopen')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}
