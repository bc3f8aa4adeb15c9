import type { PricingProgramDetail, TariffVersionView } from '@freight/contracts';
import { canEditPricing } from '@freight/domain';
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { afterProgramChange, programDraftStartQuery, programQuery, programVersionQuery, restoreProgramVersion } from '../../api/pricingApi';
import { ProgramEditor } from '../../components/pricing/ProgramEditor';
import { ProgramSummary } from '../../components/pricing/ProgramSummary';
import { ProgramVersionView } from '../../components/pricing/ProgramVersionView';
import { programFormValues } from '../../components/pricing/programForm';
import { VersionsTable } from '../../components/versions/VersionsTable';

/** Loads what the editor starts from: the saved draft, or the version in force for a new one. */
function DraftEditor({ programKey, program, onClose }: { programKey: string; program: PricingProgramDetail; onClose: () => void }) {
  const draft = program.versions.find((v) => v.state === 'draft');
  // What the editor opened on stays its start: saving a new draft must not reload (and reset) it.
  const [openedOn] = useState(() => draft?.number ?? null);
  const saved = useQuery({ ...programVersionQuery(programKey, openedOn ?? 0), enabled: openedOn !== null });
  const start = useQuery({ ...programDraftStartQuery(programKey), enabled: openedOn === null });
  const query = openedOn !== null ? saved : start;
  if (!query.data) return <QueryStatus query={query} />;
  return (
    <ProgramEditor
      programKey={programKey}
      program={program}
      initial={programFormValues(structuredClone(query.data.program), saved.data?.note ?? '')}
      draftNumber={draft?.number ?? null}
      basedOn={start.data?.based_on ?? program.version_in_force}
      onClose={onClose}
    />
  );
}

/** The version in force, read. */
function InForce({ programKey, number }: { programKey: string; number: number }) {
  const query = useQuery(programVersionQuery(programKey, number));
  return query.data ? <ProgramSummary program={query.data.program} /> : <QueryStatus query={query} />;
}

/**
 * One pricing program (the default or an account's): the version in force, its versions (view,
 * restore) and the draft's editor. A sales rep reads it only: no editor, no restore.
 */
export function PricingProgramRoute() {
  const { t } = useTranslation();
  const writes = canEditPricing(useAuthUser()?.roles ?? []);
  const fmt = useFormat();
  const client = useQueryClient();
  const { key = '' } = useParams();
  const query = useQuery(programQuery(key));
  const [editing, setEditing] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  // A restore is a new draft: the editor opens on it, to preview and publish.
  const restore = useMutation({
    mutationFn: (n: number) => restoreProgramVersion(key, n),
    onSuccess: async (restored) => {
      const draft = restored.versions.find((v) => v.state === 'draft');
      notifications.show({ color: 'teal', message: t('admin.pricing.restored_ok', { number: draft?.number ?? '' }) });
      await afterProgramChange(client, key, restored);
      setEditing(true);
    },
  });
  const p = query.data;
  if (!p) return <QueryStatus query={query} title={t('admin.pricing.detail_title')} />;

  const confirmRestore = (v: TariffVersionView) =>
    modals.openConfirmModal({
      title: t('admin.pricing.restore_title', { number: v.number }),
      children: <Text size="sm">{t('admin.pricing.restore_body')}</Text>,
      labels: { confirm: t('admin.versions.restore'), cancel: t('admin.pricing.cancel') },
      onConfirm: () => restore.mutate(v.number),
    });
  const hasDraft = p.versions.some((v) => v.state === 'draft');
  const name = p.account_name ? t('admin.pricing.program_of', { name: p.account_name }) : t('admin.pricing.default_program');

  return (
    <Stack gap="md">
      <PageHeader title={name} />
      <Anchor component={Link} to={paths.admin.page('pricing')} size="sm">
        ← {t('admin.pricing.back')}
      </Anchor>
      <Text size="sm" c="dimmed">
        {p.scope === 'default' ? t('admin.pricing.default_intro') : t('admin.pricing.account_intro')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {p.version_in_force ? t('admin.pricing.in_force_title', { number: p.version_in_force }) : t('admin.pricing.no_version')}
          </Title>
          {p.version_in_force ? (
            <InForce programKey={key} number={p.version_in_force} />
          ) : (
            <Text size="sm" c="dimmed">
              {p.scope === 'default' ? t('admin.pricing.nothing_in_force_default') : t('admin.pricing.nothing_in_force_account')}
            </Text>
          )}
          {p.next_effective_date && (
            <Text size="sm">{t('admin.pricing.next_from', { date: fmt.date(`${p.next_effective_date}T12:00:00Z`) })}</Text>
          )}
        </Stack>
      </Paper>
      {restore.error && <ErrorAlert error={restore.error} />}
      {!writes ? (
        <Alert color="gray" variant="light">
          {t('admin.pricing.read_only')}
        </Alert>
      ) : editing ? (
        <DraftEditor programKey={key} program={p} onClose={() => setEditing(false)} />
      ) : (
        <Button w="fit-content" onClick={() => setEditing(true)}>
          {hasDraft ? t('admin.pricing.edit_draft') : t('admin.pricing.new_draft')}
        </Button>
      )}
      <Title order={2} size="h3">
        {t('admin.pricing.versions')}
      </Title>
      {p.versions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.pricing.no_versions')}
        </Text>
      ) : (
        <VersionsTable
          versions={p.versions}
          caption={t('admin.pricing.versions_caption')}
          today={p.today}
          onView={(v) => setViewing(v.number)}
          onRestore={writes ? confirmRestore : undefined}
        />
      )}
      {viewing !== null && <ProgramVersionView programKey={key} number={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
