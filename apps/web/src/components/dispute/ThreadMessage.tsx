import { Paper, Text } from '@mantine/core';
import { useFormat } from '../../lib/useFormat';

/**
 * One message of a dispute's thread (a shipper's invoice dispute, a carrier invoice's): who and
 * when, then the text as written. Staff messages are blue; the reader's own side is set in.
 */
export function ThreadMessage({ who, at, body, staff, ours }: { who: string; at: string; body: string; staff: boolean; ours: boolean }) {
  const fmt = useFormat();
  return (
    <Paper p="xs" bg={staff ? 'blue.0' : 'gray.0'} ml={ours ? 'xl' : 0}>
      <Text size="xs" c="dimmed">
        {who} · {fmt.dateTime(at)}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {body}
      </Text>
    </Paper>
  );
}
