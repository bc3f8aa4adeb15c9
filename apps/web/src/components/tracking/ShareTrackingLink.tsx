import { Button, CopyButton, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';

/** The public tracking page's address for a number, absolute so it can be sent to anyone. */
export function publicTrackingUrl(number: string): string {
  return new URL(paths.publicTracking(number), window.location.origin).toString();
}

/** 'Share public tracking link': the /track-shipment?number=<BOL> address. */
export function ShareTrackingLink({ number }: { number: string }) {
  const { t } = useTranslation();
  return (
    <ShareLink
      url={publicTrackingUrl(number)}
      label={t('tracking_ui.share.button')}
      linkLabel={t('tracking_ui.share.link')}
      hint={t('tracking_ui.share.copy_by_hand')}
      copiedHint={t('tracking_ui.share.copied')}
    />
  );
}

/**
 * A button that copies a public link at once and shows it, so it can also be copied by hand where
 * the browser denies the clipboard. The hints say who may open it and what they see.
 */
export function ShareLink(props: { url: string; label: string; linkLabel: string; hint: string; copiedHint: string }) {
  const { url, label, linkLabel, hint, copiedHint } = props;
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);

  const share = async () => {
    setOpened((o) => !o);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" onClick={() => void share()}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" role="status">
            {copied ? copiedHint : hint}
          </Text>
          <TextInput label={linkLabel} value={url} readOnly onFocus={(e) => e.currentTarget.select()} size="sm" />
          <Group justify="flex-end" gap="xs">
            <CopyButton value={url}>
              {({ copied: again, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {again ? t('tracking_ui.share.copied_short') : t('tracking_ui.share.copy')}
                </Button>
              )}
            </CopyButton>
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('tracking_ui.close')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
