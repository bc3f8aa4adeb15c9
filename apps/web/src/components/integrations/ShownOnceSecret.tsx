import type { IssuedCredential } from '@freight/contracts';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** What a creation or rotation hands over once: the values to copy, the secret last. */
export interface ShownSecret {
  /** The dialog's title; 'Copy your secret now' when the screen has no wording of its own. */
  title?: string;
  /** What the secret belongs to, said over the warning ('Acme TMS production'). */
  subject?: string;
  values: { label: string; value: string }[];
}

/** How a screen names the dialog of a secret: its title and what the secret belongs to. */
type Wording = Pick<ShownSecret, 'title' | 'subject'>;

/** The dialog's content for a credential just issued or rotated. */
export const credentialSecret = (t: TFunction, issued: IssuedCredential, wording: Wording = {}): ShownSecret => ({
  ...wording,
  values: [
    { label: t('integrations.secret.client_id'), value: issued.credential.client_id },
    { label: t('integrations.secret.client_secret'), value: issued.client_secret },
  ],
});

/** The dialog's content for a webhook's signing secret, new or rotated. */
export const signingSecret = (t: TFunction, secret: string, wording: Wording = {}): ShownSecret => ({
  ...wording,
  values: [{ label: t('integrations.secret.signing_secret'), value: secret }],
});

/**
 * The one time a secret is shown (the server keeps only its hash): each value with a copy button
 * and the warning that it cannot be shown again. The caller drops the secret when this closes, so
 * nothing on the page can show it again; a click outside does not close it, so a stray click
 * cannot lose the secret before it is copied.
 */
export function ShownOnceSecretModal({ secret, onClose }: { secret: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={secret?.title ?? t('integrations.secret.title')}
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      {secret && (
        <Stack>
          <Alert color="yellow" variant="light" title={secret.subject ?? t('integrations.secret.copy_now')}>
            {t('integrations.secret.warning')}
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
                      aria-label={t('integrations.secret.copy_label', { label })}
                    >
                      {copied ? t('integrations.secret.copied') : t('integrations.secret.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('integrations.secret.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
