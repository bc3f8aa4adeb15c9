import type { TrackingKeyRotated } from '@freight/contracts';
import { TRACKING_KEY_GRACE_DAYS } from '@freight/domain';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { rotateTrackingKey, trackingKeyQuery } from '../../api/carrierMessagesApi';

/**
 * A carrier's tracking-event signing key (super_admin; for the carrier detail page): whether it
 * has one, when it was last rotated and until when the previous one still works; "Rotate" makes
 * a new key, shown once here to hand to the carrier.
 */
export function TrackingKeyPanel({ carrierId }: { carrierId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const state = useQuery(trackingKeyQuery(carrierId));
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState<TrackingKeyRotated | null>(null);
  const rotate = useMutation({
    mutationFn: () => rotateTrackingKey(carrierId),
    onSuccess: (answer) => {
      setConfirming(false);
      setRotated(answer);
      const { key: _shownOnce, ...rest } = answer;
      client.setQueryData(trackingKeyQuery(carrierId).queryKey, rest);
    },
  });
  const s = state.data;
  return (
    <Section title={t('admin.tracking_key.title')}>
      <QueryStatus query={state} />
      {s && (
        <Stack gap="sm">
          <Text size="sm">{s.has_key ? t('admin.tracking_key.has_key') : t('admin.tracking_key.no_key')}</Text>
          <Text size="sm" c="dimmed">
            {s.rotated_at
              ? t('admin.tracking_key.rotated_at', { when: fmt.dateTime(s.rotated_at) })
              : t('admin.tracking_key.never_rotated')}
          </Text>
          {s.previous_valid_until && (
            <Text size="sm" data-testid="previous-key-until">
              {t('admin.tracking_key.previous_until', { when: fmt.dateTime(s.previous_valid_until) })}
            </Text>
          )}
          {rotated && (
            <Alert color="yellow" title={t('admin.tracking_key.new_key')} role="status">
              <Stack gap="xs">
                <Text size="sm">{t('admin.tracking_key.shown_once')}</Text>
                <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="new-tracking-key">
                  {rotated.key}
                </Code>
                <Group>
                  <CopyButton value={rotated.key}>
                    {({ copied, copy }) => (
                      <Button size="compact-sm" variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                        {copied ? t('admin.tracking_key.copied') : t('admin.tracking_key.copy')}
                      </Button>
                    )}
                  </CopyButton>
                  <Button size="compact-sm" variant="subtle" onClick={() => setRotated(null)}>
                    {t('admin.tracking_key.hide')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group>
            <Button variant="light" color="orange" onClick={() => setConfirming(true)}>
              {s.has_key ? t('admin.tracking_key.rotate') : t('admin.tracking_key.create')}
            </Button>
          </Group>
        </Stack>
      )}
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} title={t('admin.tracking_key.confirm_title')} centered>
          <Stack gap="sm">
            <Text size="sm">
              {s?.has_key ? t('admin.tracking_key.confirm_body', { days: TRACKING_KEY_GRACE_DAYS }) : t('admin.tracking_key.confirm_first')}
            </Text>
            {rotate.error && <ErrorAlert error={rotate.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button color="orange" loading={rotate.isPending} onClick={() => rotate.mutate()}>
                {s?.has_key ? t('admin.tracking_key.rotate') : t('admin.tracking_key.create')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Section>
  );
}
