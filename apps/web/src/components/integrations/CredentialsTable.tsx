import type { CredentialStatus, CredentialView } from '@freight/contracts';
import { Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/useFormat';
import { WHOLE_LABEL } from '../tracking/StatusBadge';
import { CodeBadges } from './CodeChoices';

const STATUS_COLORS: Record<CredentialStatus, string> = { active: 'green', expired: 'orange', revoked: 'red', disabled: 'gray' };

export function CredentialStatusBadge({ status }: { status: CredentialStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" styles={WHOLE_LABEL}>
      {t(`integrations.credentials.status.${status}`)}
    </Badge>
  );
}

/**
 * Credentials with their scopes, state, use and who of the account made them, and the row actions
 * Rotate and Revoke (a revoked credential has none). `owner` adds a column saying whom each belongs
 * to; the screen words it.
 */
export function CredentialsTable({
  credentials,
  caption,
  owner,
  onRotate,
  onRevoke,
  extraAction,
  revoking,
}: {
  credentials: CredentialView[];
  caption?: string;
  owner?: (credential: CredentialView) => ReactNode;
  onRotate: (credential: CredentialView) => void;
  onRevoke: (credential: CredentialView) => void;
  /** An action before Rotate, on every row, revoked ones too (staff read a credential's calls). */
  extraAction?: (credential: CredentialView) => ReactNode;
  /** The credential whose revocation is on its way, if any. */
  revoking?: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const word = (key: string, values?: Record<string, string>) => t(`integrations.credentials.${key}`, values);
  const columns = ['credential', ...(owner ? ['owner'] : []), 'scopes', 'status', 'expires', 'last_used', 'created', 'actions'];
  return (
    <Table.ScrollContainer minWidth={owner ? 900 : 820}>
      <Table striped verticalSpacing="sm">
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((key) => (
              <Table.Th key={key}>{word(`columns.${key}`)}</Table.Th>
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
                <Code style={{ whiteSpace: 'nowrap' }}>{c.client_id}</Code>
              </Table.Td>
              {owner && <Table.Td>{owner(c)}</Table.Td>}
              <Table.Td>
                <CodeBadges names={c.scopes} maw={260} />
              </Table.Td>
              <Table.Td>
                <CredentialStatusBadge status={c.status} />
                {c.previous_secret_until && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {word('old_secret_until', { when: f.dateTime(c.previous_secret_until) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.expires_at ? f.date(c.expires_at) : word('no_expiry')}</Table.Td>
              <Table.Td>{c.last_used_at ? f.dateTime(c.last_used_at) : t('integrations.never')}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {f.date(c.created_at)}
                </Text>
                {c.created_by && (
                  <Text size="xs" c="dimmed">
                    {word('created_by', { name: c.created_by.name })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {/* Stacked, so three actions never widen the table past the page. */}
                <Stack gap={4} align="flex-end">
                  {extraAction?.(c)}
                  {c.status !== 'revoked' && (
                    <>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => onRotate(c)}
                        aria-label={word('rotate_label', { name: c.name })}
                      >
                        {word('rotate')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={revoking === c.id}
                        onClick={() => onRevoke(c)}
                        aria-label={word('revoke_label', { name: c.name })}
                      >
                        {word('revoke')}
                      </Button>
                    </>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
