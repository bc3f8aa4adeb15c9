import type { CredentialStatus, CredentialView } from '@freight/contracts';
import { Anchor, Badge, Button, Code, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { WHOLE_LABEL } from '../../../../components/tracking/StatusBadge';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { afterIntegrationChange, credentialActions, partnerPath } from '../../api/integrationsApi';
import { RotateDialog } from './RotateDialog';
import { credentialSecret, SecretDialog, type ShownOnce } from './SecretDialog';

const STATUS_COLORS: Record<CredentialStatus, string> = { active: 'green', expired: 'orange', revoked: 'red', disabled: 'gray' };

export function CredentialStatusBadge({ status }: { status: CredentialStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" styles={WHOLE_LABEL}>
      {t(`admin.oauth.status.${status}`)}
    </Badge>
  );
}

/**
 * Credentials with their scopes, state and use, and the row actions: Rotate (the new secret shown
 * once) and Revoke (after a confirmation; refused from the next request on). `showOwner` adds the
 * partner or account each belongs to, as links.
 */
export function CredentialsTable({
  credentials,
  showOwner,
  caption,
}: {
  credentials: CredentialView[];
  showOwner: boolean;
  caption: string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const [rotating, setRotating] = useState<CredentialView | null>(null);
  const [shown, setShown] = useState<ShownOnce | null>(null);
  const revoke = useMutation({
    mutationFn: (c: CredentialView) => credentialActions.revoke(c.id),
    onSuccess: () => afterIntegrationChange(client),
  });
  const confirmRevoke = (c: CredentialView) =>
    modals.openConfirmModal({
      title: t('admin.oauth.revoke_title', { name: c.name }),
      children: <Text size="sm">{t('admin.oauth.revoke_body')}</Text>,
      labels: { confirm: t('admin.oauth.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(c),
    });
  const never = t('admin.oauth.never');

  return (
    <>
      {revoke.error && <ErrorAlert error={revoke.error} />}
      <Table.ScrollContainer minWidth={showOwner ? 1020 : 880}>
        <Table striped verticalSpacing="sm">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.oauth.credential')}</Table.Th>
              {showOwner && <Table.Th>{t('admin.oauth.owner')}</Table.Th>}
              <Table.Th>{t('admin.oauth.scopes_label')}</Table.Th>
              <Table.Th>{t('admin.oauth.state')}</Table.Th>
              <Table.Th>{t('admin.oauth.expires')}</Table.Th>
              <Table.Th>{t('admin.oauth.last_used')}</Table.Th>
              <Table.Th>{t('admin.oauth.created')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {credentials.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {c.name}
                  </Text>
                  <Code style={{ whiteSpace: 'nowrap' }}>{c.client_id}</Code>
                </Table.Td>
                {showOwner && (
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={c.owner.kind === 'partner' ? partnerPath(c.owner.id) : paths.admin.account(c.owner.id)}
                      size="sm"
                    >
                      {c.owner.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t(`admin.oauth.owner_${c.owner.kind}`)}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap={4} maw={260}>
                    {c.scopes.map((s) => (
                      <Badge key={s} size="sm" variant="outline" color="gray" tt="none" styles={WHOLE_LABEL}>
                        {s}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <CredentialStatusBadge status={c.status} />
                  {c.previous_secret_until && (
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('admin.oauth.previous_until', { when: fmt.dateTime(c.previous_secret_until) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.expires_at ? fmt.date(c.expires_at) : never}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.last_used_at ? fmt.dateTime(c.last_used_at) : never}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(c.created_at)}</Table.Td>
                <Table.Td>
                  {c.status !== 'revoked' && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setRotating(c)}
                        aria-label={t('admin.oauth.rotate_named', { name: c.name })}
                      >
                        {t('admin.oauth.rotate')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        loading={revoke.isPending && revoke.variables?.id === c.id}
                        onClick={() => confirmRevoke(c)}
                        aria-label={t('admin.oauth.revoke_named', { name: c.name })}
                      >
                        {t('admin.oauth.revoke')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rotating && (
        <RotateDialog
          credential={rotating}
          onClose={() => setRotating(null)}
          onIssued={(issued) => {
            setRotating(null);
            setShown(credentialSecret(t, issued));
          }}
        />
      )}
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </>
  );
}
