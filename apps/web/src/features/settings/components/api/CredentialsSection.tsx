import type { CredentialStatus, CredentialView, IssuedCredential } from '@freight/contracts';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { API_ACCESS_KEY, credentialsQuery, revokeCredential } from '../../api/apiAccessApi';
import { CodeBadges } from './CodeChoices';
import { ConfirmModal } from './ConfirmModal';
import { CredentialFormModal } from './CredentialFormModal';
import { RotateCredentialModal } from './RotateCredentialModal';
import { ShownOnceSecretModal, type ShownSecret } from './ShownOnceSecret';

const STATUS_COLORS: Record<CredentialStatus, string> = { active: 'green', expired: 'gray', revoked: 'red', disabled: 'orange' };

type Dialog = { kind: 'new' } | { kind: 'rotate' | 'revoke'; credential: CredentialView } | null;

/** The account's own API credentials: the list, a new one, rotation and revocation. */
export function CredentialsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const credentials = useQuery(credentialsQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const close = () => setDialog(null);
  const revoke = useMutation({
    mutationFn: revokeCredential,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
      close();
      notifications.show({ color: 'green', message: t('settings.api.credentials.revoked') });
    },
  });
  const showIssued = (title: string) => (issued: IssuedCredential) => {
    close();
    setShown({
      title,
      values: [
        { label: t('settings.api.credentials.client_id'), value: issued.credential.client_id },
        { label: t('settings.api.credentials.client_secret'), value: issued.client_secret },
      ],
    });
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
          onClose={close}
          onIssued={showIssued(t('settings.api.credentials.rotated_title', { name: dialog.credential.name }))}
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

function CredentialsTable({
  credentials,
  onRotate,
  onRevoke,
}: {
  credentials: CredentialView[];
  onRotate: (credential: CredentialView) => void;
  onRevoke: (credential: CredentialView) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const column = (key: string) => t(`settings.api.credentials.columns.${key}`);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {['name', 'client_id', 'scopes', 'status', 'expires', 'last_used', 'actions'].map((key) => (
              <Table.Th key={key}>{column(key)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credentials.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {c.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {c.client_id}
                </Text>
              </Table.Td>
              <Table.Td maw={260}>
                <CodeBadges names={c.scopes} />
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[c.status]} variant="light">
                  {t(`settings.api.credentials.status.${c.status}`)}
                </Badge>
                {c.previous_secret_until && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('settings.api.credentials.old_secret_until', { when: f.dateTime(c.previous_secret_until) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{c.expires_at ? f.date(c.expires_at) : t('settings.api.credentials.no_expiry')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{c.last_used_at ? f.dateTime(c.last_used_at) : t('settings.api.never')}</Text>
              </Table.Td>
              <Table.Td>
                {c.status !== 'revoked' && (
                  <Group gap="xs" wrap="nowrap">
                    {c.status === 'active' && (
                      <Button size="xs" variant="light" onClick={() => onRotate(c)}>
                        {t('settings.api.credentials.rotate')}
                      </Button>
                    )}
                    <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(c)}>
                      {t('settings.api.credentials.revoke')}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
