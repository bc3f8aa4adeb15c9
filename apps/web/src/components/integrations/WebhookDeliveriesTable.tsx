import type { WebhookDeliveryView } from '@freight/contracts';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/useFormat';
import { WHOLE_LABEL } from '../tracking/StatusBadge';
import { DeliveryRequest } from './DeliveryRequest';

const STATUS_COLORS: Record<WebhookDeliveryView['status'], string> = { pending: 'blue', delivered: 'green', failed: 'red' };
/** An empty cell (no response yet, no next attempt): a dash in any language. */
const NONE = '—';

/**
 * A webhook's delivery log, newest first: each event's state, attempts and the receiver's last
 * answer, the request that was sent, and Replay. `deliveries` is undefined while the log loads;
 * the screen reads the log and sends the replay (`onReplay`, `replaying` the one on its way).
 */
export function WebhookDeliveriesTable({
  deliveries,
  onReplay,
  replaying,
}: {
  deliveries: WebhookDeliveryView[] | undefined;
  onReplay: (delivery: WebhookDeliveryView) => void;
  replaying: number | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  // One delivery's request is open at a time, under its row.
  const [open, setOpen] = useState<number | null>(null);
  const word = (key: string, values?: Record<string, string | number>) => t(`integrations.deliveries.${key}`, values);
  if (!deliveries) return null;
  if (deliveries.length === 0) return <Text size="sm">{word('empty')}</Text>;
  const columns = ['event', 'status', 'attempts', 'response', 'duration', 'time', 'next_attempt', 'actions'];
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" fz="sm">
        <Table.Caption>{word('caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((key) => (
              <Table.Th key={key}>{word(`columns.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => {
            const named = { event: d.event_type, when: f.dateTime(d.created_at) };
            const requestId = `delivery-request-${d.id}`;
            return (
              <Fragment key={d.id}>
                <Table.Tr>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {d.event_type}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {d.event_id}
                    </Text>
                    {d.replay_of !== null && (
                      <Text size="xs" c="dimmed">
                        {word('replay_of', { id: d.replay_of })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_COLORS[d.status]} styles={WHOLE_LABEL}>
                      {word(`status.${d.status}`)}
                    </Badge>
                    {d.last_error && (
                      <Text size="xs" c="red" mt={4} maw={200} style={{ overflowWrap: 'anywhere' }}>
                        {d.last_error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{f.number(d.attempts)}</Table.Td>
                  <Table.Td>{d.last_status_code ?? NONE}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {d.last_duration_ms === null ? NONE : word('duration_ms', { value: f.number(d.last_duration_ms) })}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.dateTime(d.created_at)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.next_attempt_at ? f.dateTime(d.next_attempt_at) : NONE}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                        aria-expanded={open === d.id}
                        aria-controls={open === d.id ? requestId : undefined}
                        aria-label={word('request_label', named)}
                      >
                        {word('request')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={replaying === d.id}
                        onClick={() => onReplay(d)}
                        aria-label={word('replay_label', named)}
                      >
                        {word('replay')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {open === d.id && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <DeliveryRequest id={requestId} delivery={d} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
