import type { Passkey } from '@freight/contracts';
import { Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { formatDate } from '../../../lib/format';
import { addPasskey, listPasskeys, PASSKEYS_KEY, removePasskey, renamePasskey } from '../api/passkeysApi';
import { TWO_FACTOR_KEY, twoFactorStatus } from '../api/twoFactorApi';
import { PasskeyNameModal } from './PasskeyNameModal';
import { RecoveryCodesControls } from './RecoveryCodesControls';
import { RecoveryCodesShown } from './RecoveryCodesShown';

type Open = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey } | null;

/**
 * The user's passkeys: each with its name and dates, added (named, then made by the browser's
 * dialog), renamed and removed. Adding and removing ask for the password when it was not
 * confirmed in the last minutes. The first passkey of a user without the app comes with recovery
 * codes, shown here once; a user of passkeys alone makes new ones here (the app's panel has them
 * otherwise).
 */
export function PasskeysPanel() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys });
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: twoFactorStatus });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const add = useWithPasswordConfirmation(addPasskey);
  const remove = useWithPasswordConfirmation(removePasskey);
  const close = () => setOpen(null);
  /** After a change: the dialog closes, the change is announced, the list and the codes left read again. */
  const changed = (notice: string) => {
    close();
    showNotice({ color: 'green', message: { key: notice } });
    void qc.invalidateQueries({ queryKey: PASSKEYS_KEY });
    void qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  };

  const passkeys = list.data?.data;
  const app = status.data?.data;
  // Without the app, the codes are the passkeys' own: the last one takes them along.
  const passkeysAlone = Boolean(app && !app.enabled && passkeys?.length);
  return (
    <Section title={t('security.passkeys.title')} testId="passkeys">
      <Stack>
        <Text size="sm">{t('security.passkeys.intro')}</Text>
        <QueryStatus query={list} />
        {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />}
        {!codes &&
          passkeys &&
          (passkeys.length ? (
            <List listStyleType="none" spacing="sm" aria-label={t('security.passkeys.list')}>
              {passkeys.map((passkey) => (
                <List.Item key={passkey.id}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{passkey.name}</Text>
                        {passkey.synced && (
                          <Badge variant="light" size="sm">
                            {t('security.passkeys.synced')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('security.passkeys.added_on', { date: formatDate(passkey.created_at, i18n.language) })}
                        {' · '}
                        {passkey.last_used_at
                          ? t('security.passkeys.last_used', { date: formatDate(passkey.last_used_at, i18n.language) })
                          : t('security.passkeys.never_used')}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      <Button
                        variant="default"
                        size="xs"
                        aria-label={t('security.passkeys.rename_named', { name: passkey.name })}
                        onClick={() => setOpen({ kind: 'rename', passkey })}
                      >
                        {t('security.passkeys.rename')}
                      </Button>
                      <Button
                        variant="default"
                        color="red"
                        size="xs"
                        aria-label={t('security.passkeys.remove_named', { name: passkey.name })}
                        onClick={() => setOpen({ kind: 'remove', passkey })}
                      >
                        {t('security.passkeys.remove')}
                      </Button>
                    </Group>
                  </Group>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{t('security.passkeys.none')}</Text>
          ))}
        {!codes && (
          <Group>
            <Button onClick={() => setOpen({ kind: 'add' })}>{t('security.passkeys.add')}</Button>
          </Group>
        )}
        <ErrorAlert error={failure} />
        {!codes && passkeysAlone && app && (
          <Stack gap="xs">
            <Title order={3} size="h4" fz="sm">
              {t('security.recovery.title')}
            </Title>
            <Text size="sm">{t('security.recovery.passkeys_intro')}</Text>
            <RecoveryCodesControls remaining={app.recovery_codes_remaining} />
          </Stack>
        )}
      </Stack>
      {open?.kind === 'add' && (
        <PasskeyNameModal
          title={t('security.passkeys.add_title')}
          intro={t('security.passkeys.add_intro')}
          submitLabel={t('security.passkeys.create')}
          onClose={close}
          onSave={async (name) => {
            const added = await add.run(name);
            if (added === null) return;
            changed('security.passkeys.added');
            if (added.data.recovery_codes) setCodes(added.data.recovery_codes);
          }}
        />
      )}
      {open?.kind === 'rename' && (
        <PasskeyNameModal
          title={t('security.passkeys.rename_title')}
          submitLabel={t('security.passkeys.save')}
          initialName={open.passkey.name}
          onClose={close}
          onSave={async (name) => {
            await renamePasskey(open.passkey.id, name);
            changed('security.passkeys.renamed');
          }}
        />
      )}
      {open?.kind === 'remove' && (
        <ConfirmActionDialog
          title={t('security.passkeys.remove_title')}
          warning={t(
            passkeysAlone && passkeys?.length === 1 ? 'security.passkeys.remove_last_warning' : 'security.passkeys.remove_warning',
            {
              name: open.passkey.name,
            },
          )}
          action={t('security.passkeys.remove')}
          onCancel={close}
          onConfirm={async () => {
            setFailure(null);
            try {
              if ((await remove.run(open.passkey.id)) !== null) changed('security.passkeys.removed');
            } catch (e) {
              close();
              setFailure(e);
            }
          }}
        />
      )}
      {add.modal}
      {remove.modal}
    </Section>
  );
}
