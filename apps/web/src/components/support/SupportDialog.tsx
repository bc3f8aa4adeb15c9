import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSupport, useSupportActions } from '../../lib/support';
import { useFormat } from '../../lib/useFormat';
import { OutOfHoursNotice } from './OutOfHoursNotice';
import { useSupportHours } from './supportHours';

/** The spec's Support dialog: phone, email and staff hours; the chat when the page has one. */
export function SupportDialog() {
  const { t } = useTranslation();
  const { supportDialogOpen, setSupportDialogOpen, openChat } = useSupport();
  // Asked for only when the dialog opens: it sits on every page.
  const hours = useSupportHours(supportDialogOpen);
  const f = useFormat();
  const close = () => setSupportDialogOpen(false);
  const h = hours.data;
  return (
    <Modal opened={supportDialogOpen} onClose={close} title={t('support.dialog_title')}>
      <Stack gap="sm">
        {h && (
          <>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('support.phone')}
              </Text>
              <Anchor href={`tel:${h.phone_tel}`} size="sm">
                {h.phone}
              </Anchor>
            </Group>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('support.email')}
              </Text>
              <Anchor href={`mailto:${h.email}`} size="sm">
                {h.email}
              </Anchor>
            </Group>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('support.hours')}
              </Text>
              <Text size="sm">{t('support.hours_text', { opens: h.opens_at, closes: h.closes_at, zone: h.time_zone })}</Text>
            </Group>
            {h.open_now ? (
              <Badge color="green" variant="light">
                {t('support.open_now')}
              </Badge>
            ) : (
              <OutOfHoursNotice />
            )}
            <Text size="xs" c="dimmed">
              {t('support.local_time', { time: f.dateTime(new Date()) })}
            </Text>
          </>
        )}
        <Group justify="flex-end">
          {openChat && (
            <Button
              onClick={() => {
                close();
                openChat();
              }}
            >
              {t('support.chat_with_us')}
            </Button>
          )}
          <Button variant="default" onClick={close}>
            {t('support.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** For messages that tell the user to call: opens the Support dialog. */
export function ContactSupportButton({ variant = 'light', size = 'xs', color }: { variant?: string; size?: string; color?: string }) {
  const { t } = useTranslation();
  const { setSupportDialogOpen } = useSupportActions();
  return (
    <Button variant={variant} size={size} color={color} onClick={() => setSupportDialogOpen(true)}>
      {t('support.contact')}
    </Button>
  );
}
