import type { CarrierVisibility } from '@freight/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARRIERS_KEY, listCarriers, updateCarrierPreferences } from '../api/settingsApi';
import { notifyAccountUpdated } from './saveNotices';

const MODES = ['ltl', 'parcel', 'truckload'] as const;
type Choice = 'hidden' | 'preferred' | null;

/**
 * Carrier visibility: per carrier, hide it (never rated) or mark it preferred
 * (listed first in rate results); the two are exclusive. Save replaces the user's whole choice.
 */
export function CarrierVisibilityModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: CARRIERS_KEY, queryFn: listCarriers, enabled: opened, staleTime: 0 });
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!q.data) return;
    setChoices(Object.fromEntries(q.data.data.map((c) => [c.id, c.hidden ? 'hidden' : c.preferred ? 'preferred' : null])));
  }, [q.data]);

  const toggle = (id: string, choice: Exclude<Choice, null>, on: boolean) =>
    setChoices((prev) => ({ ...prev, [id]: on ? choice : prev[id] === choice ? null : (prev[id] ?? null) }));

  const save = async () => {
    const ids = (choice: Choice) => Object.keys(choices).filter((id) => choices[id] === choice);
    setSaving(true);
    try {
      const res = await updateCarrierPreferences({ hidden: ids('hidden'), preferred: ids('preferred') });
      qc.setQueryData(CARRIERS_KEY, res);
      notifyAccountUpdated();
      onClose();
    } catch {
      notifications.show({ color: 'red', message: t('settings.carriers.failed') });
    } finally {
      setSaving(false);
    }
  };

  const carriers = q.data?.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('settings.carriers.title')} size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('settings.carriers.intro')}
        </Text>
        {q.isPending && <Loader role="status" aria-label={t('settings.carriers.loading')} />}
        {q.isError && (
          <Alert color="red" role="alert">
            {t('settings.carriers.load_failed')}
          </Alert>
        )}
        {MODES.map((mode) => {
          const rows = carriers.filter((c) => c.mode === mode);
          if (!rows.length) return null;
          return (
            <section key={mode} aria-labelledby={`carriers-${mode}`}>
              <Title order={3} size="h4" id={`carriers-${mode}`}>
                {t(`shipping_modes.${mode}`)}
              </Title>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('settings.carriers.carrier')}</Table.Th>
                    <Table.Th w={110}>{t('settings.carriers.hide')}</Table.Th>
                    <Table.Th w={110}>{t('settings.carriers.preferred')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <CarrierRow key={c.id} carrier={c} choice={choices[c.id] ?? null} onToggle={toggle} />
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={saving} disabled={!q.data}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CarrierRow({
  carrier,
  choice,
  onToggle,
}: {
  carrier: CarrierVisibility;
  choice: Choice;
  onToggle: (id: string, choice: Exclude<Choice, null>, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        {carrier.name}{' '}
        <Text span size="xs" c="dimmed">
          {carrier.scac}
        </Text>
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={t('settings.carriers.hide_label', { name: carrier.name })}
          checked={choice === 'hidden'}
          onChange={(e) => onToggle(carrier.id, 'hidden', e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={t('settings.carriers.preferred_label', { name: carrier.name })}
          checked={choice === 'preferred'}
          onChange={(e) => onToggle(carrier.id, 'preferred', e.currentTarget.checked)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
