import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a creation or rotation hands over once: a title and the values to copy (client id, secret). */
export interface ShownSecret {
  title: string;
  values: { label: string; value: string }[];
}

/**
 * The one time a secret is shown (the server keeps only its hash): each value with a copy button
 * and the warning that it cannot be shown again. A click outside does not close it, so a stray
 * click cannot lose the secret before it is copied.
 */
export function ShownOnceSecretModal({ secret, onClose }: { secret: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={secret?.title} closeOnClickOutside={false} size="lg" centered>
      {secret && (
        <Stack>
          <Alert color="yellow" title={t('settings.api.secret.warning_title')}>
            {t('settings.api.secret.warning')}
          </Alert>
          {secret.values.map(({ label, value }) => (
            <Stack key={label} gap={4}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code block aria-label={label} style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {value}
                </Code>
                <CopyButton value={value}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="light"
                      color={copied ? 'green' : undefined}
                      onClick={copy}
                      aria-label={t('settings.api.secret.copy_label', { label })}
                    >
                      {copied ? t('settings.api.secret.copied') : t('settings.api.secret.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('settings.api.secret.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
