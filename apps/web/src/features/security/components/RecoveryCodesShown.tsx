import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../../components/a11y/announcer';
import { useAnnounce } from '../../../components/a11y/useAnnounce';
import { saveBlob } from '../../../lib/download';

/**
 * Ten recovery codes, shown this once: to copy or save as a text file before `onDone` hides
 * them. The server keeps only their hashes, so they cannot be shown again. They take the place of
 * the control that made them, so focus moves to their notice (and the page to them).
 */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  useAnnounce(t('security.recovery.shown'), codes);
  const text = `${codes.join('\n')}\n`;
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <Stack>
      <Alert ref={notice} tabIndex={-1} color="yellow" title={t('security.recovery.shown')}>
        {t('security.recovery.keep_them')}
      </Alert>
      <Paper withBorder p="sm">
        <List listStyleType="none" ff="monospace" fz="md" style={{ columns: '2 8rem' }} aria-label={t('security.recovery.list')}>
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Text size="sm" c="dimmed">
        {t('security.recovery.each_once')}
      </Text>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={() => {
                copy();
                announce(t('security.recovery.copied'));
              }}
            >
              {copied ? t('security.recovery.copied') : t('security.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'freight-portal-recovery-codes.txt')}>
          {t('security.recovery.download')}
        </Button>
        <Button onClick={onDone}>{t('security.recovery.done')}</Button>
      </Group>
    </Stack>
  );
}
