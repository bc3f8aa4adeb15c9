import { SAVED_VIEW_NAME_MAX, SAVED_VIEWS_PER_LIST, type SavedViewList, type SavedViewView } from '@freight/contracts';
import { Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../../lib/api';
import { createSavedView, deleteSavedView, savedViewsKey, savedViewsQuery, updateSavedView } from '../../api/savedViewsApi';

/** The list's filters as the URL keeps them, without its page: what a view saves and restores. */
export function filtersOf(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...params.entries()].filter(([k, v]) => k !== 'page' && v !== ''));
}

/** The server's word for the name (taken, the limit), or the general failure. */
function nameError(e: unknown, fallback: string) {
  return isApiError(e) && e.status < 500 ? (e.errors.name?.[0] ?? e.message) : fallback;
}

/**
 * A list's "Views" menu: apply one of the staff user's saved views (its filters replace the URL's),
 * save the current filters under a name, and rename or delete views in a dialog. Mantine's menu and
 * dialogs carry the keyboard (arrows in the menu, Escape closes, focus returns to the button).
 */
export function SavedViews({ list }: { list: SavedViewList }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const views = useQuery(savedViewsQuery(list));
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: savedViewsKey(list) });
  const rows = views.data ?? [];

  const apply = (view: SavedViewView) => {
    setParams(new URLSearchParams(view.filters), { preventScrollReset: true });
    notifications.show({ message: t('admin.views.applied', { name: view.name }) });
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" aria-label={t('admin.views.menu_label')}>
            {t('admin.views.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {rows.length === 0 && <Menu.Label>{t('admin.views.none')}</Menu.Label>}
          {rows.map((view) => (
            <Menu.Item key={view.id} onClick={() => apply(view)} aria-label={t('admin.views.apply', { name: view.name })}>
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setSaving(true)}>{t('admin.views.save')}</Menu.Item>
          {rows.length > 0 && <Menu.Item onClick={() => setManaging(true)}>{t('admin.views.manage')}</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
      <SaveViewDialog
        opened={saving}
        onClose={() => setSaving(false)}
        save={async (name) => {
          const view = await createSavedView({ list, name, filters: filtersOf(params) });
          await refresh();
          notifications.show({ color: 'green', message: t('admin.views.saved', { name: view.name }) });
        }}
      />
      <Modal opened={managing} onClose={() => setManaging(false)} title={t('admin.views.manage_title')} fullScreen={false} size="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('admin.views.limit', { count: rows.length, max: SAVED_VIEWS_PER_LIST })}
          </Text>
          {rows.map((view) => (
            <ViewRow key={view.id} view={view} onChange={refresh} />
          ))}
        </Stack>
      </Modal>
    </>
  );
}

function SaveViewDialog({ opened, onClose, save }: { opened: boolean; onClose: () => void; save: (name: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setName('');
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('validation.required'));
    setBusy(true);
    try {
      await save(name.trim());
      close();
    } catch (err) {
      setError(nameError(err, t('admin.views.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('admin.views.save_title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('admin.views.name')}
            description={t('admin.views.name_hint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={SAVED_VIEW_NAME_MAX}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('admin.views.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('admin.views.save_button')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A view in the manage dialog: its name, renamed in place, or deleted. */
function ViewRow({ view, onChange }: { view: SavedViewView; onChange: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: () => updateSavedView(view.id, { name: name.trim() }),
    onSuccess: async () => {
      setEditing(false);
      setError(null);
      await onChange();
    },
    onError: (e) => setError(nameError(e, t('admin.views.failed'))),
  });
  const remove = useMutation({
    mutationFn: () => deleteSavedView(view.id),
    onSuccess: async () => {
      notifications.show({ message: t('admin.views.deleted', { name: view.name }) });
      await onChange();
    },
    onError: () => notifications.show({ color: 'red', message: t('admin.views.failed') }),
  });

  if (editing)
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) setError(t('validation.required'));
          else rename.mutate();
        }}
        noValidate
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('admin.views.new_name', { name: view.name })}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={SAVED_VIEW_NAME_MAX}
            error={error}
            style={{ flex: '1 1 12rem' }}
            data-autofocus
          />
          <Button type="submit" loading={rename.isPending}>
            {t('admin.views.save_name')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setEditing(false);
              setName(view.name);
              setError(null);
            }}
          >
            {t('admin.views.cancel')}
          </Button>
        </Group>
      </form>
    );
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {view.name}
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setEditing(true)} aria-label={t('admin.views.rename', { name: view.name })}>
          {t('admin.views.rename_button')}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={t('admin.views.delete', { name: view.name })}
        >
          {t('admin.views.delete_button')}
        </Button>
      </Group>
    </Group>
  );
}
