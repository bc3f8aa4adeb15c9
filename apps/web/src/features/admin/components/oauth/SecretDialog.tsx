import type { IssuedCredential } from '@freight/contracts';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export interface ShownOnce {
  /** What the secret belongs to, said under the warning ('Acme TMS production'). */
  subject: string;
  /** The values to copy, the secret last: a client id and its secret, or a webhook's signing secret. */
  items: { label: string; value: string }[];
}

/**
 * A secret the server answers once (a new or rotated client secret, a webhook's signing secret):
 * shown with copy buttons until closed. The caller drops it when this closes, so nothing on the
 * page can show it again; a click beside the dialog does not close it by accident.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownOnce; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('admin.oauth.secret.title')} centered size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="yellow" variant="light" title={shown.subject}>
          {t('admin.oauth.secret.warning')}
        </Alert>
        {shown.items.map((item) => (
          <Stack gap={4} key={item.label}>
            <Group justify="space-between" align="flex-end">
              <Text size="sm" fw={500}>
                {item.label}
              </Text>
              <CopyButton value={item.value}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color={copied ? 'green' : undefined}
                    onClick={copy}
                    aria-label={t('admin.oauth.secret.copy_named', { name: item.label })}
                  >
                    {copied ? t('admin.oauth.secret.copied') : t('admin.oauth.secret.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Code block aria-label={item.label} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {item.value}
            </Code>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('admin.oauth.secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The dialog's content for a credential just issued or rotated. */
export const credentialSecret = (t: TFunction, issued: IssuedCredential): ShownOnce => ({
  subject: issued.credential.name,
  items: [
    { label: t('admin.oauth.client_id'), value: issued.credential.client_id },
    { label: t('admin.oauth.client_secret'), value: issued.client_secret },
  ],
});
