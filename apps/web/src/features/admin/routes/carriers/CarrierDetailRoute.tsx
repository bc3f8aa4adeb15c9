import type { StaffCarrierDetail, TariffVersionView } from '@freight/contracts';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { afterCarrierChange, carrierQuery, draftStartQuery, restoreVersion, setCarrierActive, versionQuery } from '../../api/carriersApi';
import { scorecardPath } from '../../api/scorecardsApi';
import { ScorecardPanel } from '../../components/carrier-scorecards/ScorecardPanel';
import { DeliveryWindowsPanel } from '../../components/carriers/DeliveryWindowsPanel';
import { QuotingPausePanel } from '../../components/carriers/QuotingPause';
import { TariffEditor } from '../../components/carriers/TariffEditor';
import { TrackingKeyPanel } from '../../components/carriers/TrackingKeyPanel';
import type { TariffFormValues } from '../../components/carriers/tariffForm';
import { VersionView } from '../../components/carriers/VersionView';
import { VersionsTable } from '../../components/versions/VersionsTable';

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Loads what the editor starts from: the saved draft, or the tariff in force for a new one. */
function DraftEditor({ carrier, onClose }: { carrier: StaffCarrierDetail; onClose: () => void }) {
  const draft = carrier.versions.find((v) => v.state === 'draft');
  // What the editor opened on stays its start: saving a new draft must not reload (and reset) it.
  const [openedOn] = useState(() => draft?.number ?? null);
  const saved = useQuery({ ...versionQuery(carrier.id, openedOn ?? 0), enabled: openedOn !== null });
  const start = useQuery({ ...draftStartQuery(carrier.id), enabled: openedOn === null });
  const query = openedOn !== null ? saved : start;
  if (!query.data) return <QueryStatus query={query} />;
  const initial: TariffFormValues = {
    mode: carrier.mode,
    tariff: structuredClone(query.data.tariff) as Record<string, unknown>,
    fuel_bp: query.data.fuel_bp,
    note: saved.data?.note ?? '',
  };
  return (
    <TariffEditor
      carrier={carrier}
      initial={initial}
      draftNumber={draft?.number ?? null}
      basedOn={start.data?.based_on ?? carrier.version_in_force}
      today={localToday()}
      onClose={onClose}
    />
  );
}

/** One carrier (super_admin): its figures, on/off, tariff versions (view, restore) and the draft's editor. */
export function CarrierDetailRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const { id = '' } = useParams();
  const query = useQuery(carrierQuery(id));
  const [editing, setEditing] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const onChanged = (c: StaffCarrierDetail) => afterCarrierChange(client, c);
  const toggle = useMutation({ mutationFn: (active: boolean) => setCarrierActive(id, active), onSuccess: onChanged });
  // A restore is a new draft: the editor opens on it, to preview and publish.
  const restore = useMutation({
    mutationFn: (n: number) => restoreVersion(id, n),
    onSuccess: async (restored) => {
      const draft = restored.versions.find((v) => v.state === 'draft');
      notifications.show({ color: 'teal', message: t('admin.carriers.restored_ok', { number: draft?.number ?? '' }) });
      await onChanged(restored);
      setEditing(true);
    },
  });
  const c = query.data;
  if (!c) return <QueryStatus query={query} title={t('admin.carriers.detail_title')} />;

  const confirmOff = () =>
    modals.openConfirmModal({
      title: t('admin.carriers.switch_off_title', { name: c.name }),
      children: <Text size="sm">{t('admin.carriers.switch_off_body')}</Text>,
      labels: { confirm: t('admin.carriers.switch_off'), cancel: t('admin.carriers.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => toggle.mutate(false),
    });
  const confirmRestore = (v: TariffVersionView) =>
    modals.openConfirmModal({
      title: t('admin.carriers.restore_title', { number: v.number }),
      children: <Text size="sm">{t('admin.carriers.restore_body')}</Text>,
      labels: { confirm: t('admin.carriers.restore'), cancel: t('admin.carriers.cancel') },
      onConfirm: () => restore.mutate(v.number),
    });
  const hasDraft = c.versions.some((v) => v.state === 'draft');

  return (
    <Stack gap="md">
      <PageHeader title={c.name} />
      <Anchor component={Link} to={paths.admin.page('carriers')} size="sm">
        ← {t('admin.carriers.back')}
      </Anchor>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start">
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="lg">
            <div>
              <Text size="xs" c="dimmed">
                {t('admin.carriers.scac')}
              </Text>
              <Text fw={600}>{c.scac}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('admin.carriers.mode')}
              </Text>
              <Text fw={600}>{t(`admin.carriers.modes.${c.mode}`)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('admin.carriers.share')}
              </Text>
              <Text fw={600}>
                {c.quotes_last_week
                  ? `${fmt.number(c.quotes_won_last_week)} / ${fmt.number(c.quotes_last_week)}`
                  : t('admin.carriers.share_none')}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('admin.carriers.incidents')}
              </Text>
              <Text fw={600}>{fmt.number(c.open_incidents)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('admin.carriers.tracking')}
              </Text>
              <Text fw={600}>{t(`admin.carriers.trackings.${c.tracking}`)}</Text>
            </div>
          </SimpleGrid>
          <Group>
            <Badge size="lg" color={c.active ? 'teal' : 'gray'} variant="light">
              {c.active ? t('admin.carriers.active') : t('admin.carriers.inactive')}
            </Badge>
            {c.active ? (
              <Button variant="light" color="red" onClick={confirmOff} loading={toggle.isPending}>
                {t('admin.carriers.switch_off')}
              </Button>
            ) : (
              <Button variant="light" onClick={() => toggle.mutate(true)} loading={toggle.isPending}>
                {t('admin.carriers.switch_on')}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      {(toggle.error || restore.error) && <ErrorAlert error={toggle.error ?? restore.error} />}
      <QuotingPausePanel carrier={c} />
      <TrackingKeyPanel carrierId={c.id} />
      {editing ? (
        <DraftEditor carrier={c} onClose={() => setEditing(false)} />
      ) : (
        <Button w="fit-content" onClick={() => setEditing(true)}>
          {hasDraft ? t('admin.carriers.edit_draft') : t('admin.carriers.new_draft')}
        </Button>
      )}
      <Title order={2} size="h3">
        {t('admin.carriers.versions')}
      </Title>
      <VersionsTable
        versions={c.versions}
        caption={t('admin.carriers.versions_caption')}
        today={localToday()}
        onView={(v) => setViewing(v.number)}
        onRestore={confirmRestore}
      />
      {viewing !== null && <VersionView carrier={c} number={viewing} onClose={() => setViewing(null)} />}
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {t('admin.scorecards.section')}
        </Title>
        <Anchor component={Link} to={scorecardPath(c.id)} size="sm">
          {t('admin.scorecards.back')}
        </Anchor>
      </Group>
      <ScorecardPanel carrierId={c.id} />
      <Title order={2} size="h3">
        {t('admin.delivery_windows.section')}
      </Title>
      <DeliveryWindowsPanel carrierId={c.id} carrierName={c.name} />
    </Stack>
  );
}
