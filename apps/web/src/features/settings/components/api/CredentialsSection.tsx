import type { CredentialView, IssuedCredential } from '@freight/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CredentialsTable } from '../../../../components/integrations/CredentialsTable';
import { RotateCredentialModal } from '../../../../components/integrations/RotateCredentialModal';
import { credentialSecret, ShownOnceSecretModal, type ShownSecret } from '../../../../components/integrations/ShownOnceSecret';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { API_ACCESS_KEY, credentialsQuery, revokeCredential, rotateCredential } from '../../api/apiAccessApi';
import { ConfirmModal } from './ConfirmModal';
import { CredentialFormModal } from './CredentialFormModal';

type Dialog = { kind: 'new' } | { kind: 'rotate' | 'revoke'; credential: CredentialView } | null;

/** The account's own API credentials: the list, a new one, rotation and revocation. */
export function CredentialsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const credentials = useQuery(credentialsQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const close = () => setDialog(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
  const revoke = useMutation({
    mutationFn: revokeCredential,
    onSuccess: () => {
      refresh();
      close();
      notifications.show({ color: 'green', message: t('settings.api.credentials.revoked') });
    },
  });
  const showIssued = (title: string) => (issued: IssuedCredential) => {
    refresh();
    close();
    setShown(credentialSecret(t, issued, { title }));
  };
  const list = credentials.data;
  return (
    <Section title={t('settings.api.credentials.title')}>
      <Stack>
        <Group justify="space-between" align="flex-start" gap="md">
          <Text size="sm" c="dimmed" maw={640}>
            {t('settings.api.credentials.intro')}
          </Text>
          <Button onClick={() => setDialog({ kind: 'new' })}>{t('settings.api.credentials.new')}</Button>
        </Group>
        <QueryStatus query={credentials} />
        {list?.length === 0 && <Text size="sm">{t('settings.api.credentials.empty')}</Text>}
        {list && list.length > 0 && (
          <CredentialsTable
            credentials={list}
            onRotate={(credential) => setDialog({ kind: 'rotate', credential })}
            onRevoke={(credential) => {
              revoke.reset();
              setDialog({ kind: 'revoke', credential });
            }}
          />
        )}
      </Stack>
      {dialog?.kind === 'new' && <CredentialFormModal onClose={close} onIssued={showIssued(t('settings.api.credentials.issued_title'))} />}
      {dialog?.kind === 'rotate' && (
        <RotateCredentialModal
          credential={dialog.credential}
          rotate={(hours) => rotateCredential(dialog.credential.id, hours)}
          onRotated={showIssued(t('settings.api.credentials.rotated_title', { name: dialog.credential.name }))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'revoke' && (
        <ConfirmModal
          title={t('settings.api.credentials.revoke_confirm.title', { name: dialog.credential.name })}
          body={t('settings.api.credentials.revoke_confirm.body')}
          confirmLabel={t('settings.api.credentials.revoke_confirm.submit')}
          onCancel={close}
          onConfirm={() => revoke.mutate(dialog.credential.id)}
          pending={revoke.isPending}
          error={revoke.error}
        />
      )}
      <ShownOnceSecretModal secret={shown} onClose={() => setShown(null)} />
    </Section>
  );
}
