import type { AddressBookEntry } from '@freight/contracts';
import { formatAddressLines, formatPhone, formatTimeOfDay } from '@freight/domain';
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** 'USPS verified' (green) or 'Custom / unverified' (gray). */
export function VerifiedChip({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={verified ? 'green' : 'gray'} variant="light" size="lg">
      {t(verified ? 'addresses.detail.verified' : 'addresses.detail.unverified')}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * An entry's details: the verified chip, location type, limited access,
 * liftgate recommended, hours of operation, contact and the full address.
 */
export function AddressDetailModal({
  entry,
  onClose,
  onEdit,
}: {
  entry: AddressBookEntry | null;
  onClose: () => void;
  /** Opens the entry's form; without it (a role that only reads the address book) there is no Edit button. */
  onEdit?: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Modal opened={!!entry} onClose={onClose} title={t('addresses.detail.title')} size="lg" centered>
      {entry && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Title order={3} style={{ wordBreak: 'break-word' }}>
              {entry.company}
            </Title>
            <VerifiedChip verified={entry.verified} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Fact label={t('addresses.detail.address')}>
              {formatAddressLines(entry, { language: i18n.language }).map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
            </Fact>
            <Fact label={t('addresses.detail.contact')}>
              {[[entry.first_name, entry.last_name].filter(Boolean).join(' '), entry.email, entry.phone && formatPhone(entry.phone)]
                .filter(Boolean)
                .map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              {!entry.first_name && !entry.last_name && !entry.email && !entry.phone && t('addresses.detail.not_given')}
            </Fact>
            <Fact label={t('addresses.detail.location_type')}>{t(`addresses.location_types.${entry.location_type}`)}</Fact>
            <Fact label={t('addresses.detail.hours')}>{hours(entry, t, i18n.language)}</Fact>
            <Fact label={t('addresses.detail.limited_access')}>
              {t(entry.limited_access ? 'addresses.detail.yes' : 'addresses.detail.no')}
            </Fact>
            <Fact label={t('addresses.detail.liftgate_recommended')}>
              {t(entry.liftgate_recommended ? 'addresses.detail.yes' : 'addresses.detail.no')}
            </Fact>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('addresses.detail.close')}
            </Button>
            {onEdit && <Button onClick={onEdit}>{t('addresses.edit')}</Button>}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The hours of operation, written as on every screen and document ('8:00 AM'). */
function hours(a: AddressBookEntry, t: (key: string, o?: Record<string, unknown>) => string, language: string) {
  const opens = formatTimeOfDay(a.opens_at, language);
  const closes = formatTimeOfDay(a.closes_at, language);
  if (opens && closes) return t('addresses.detail.hours_value', { opens, closes });
  if (opens) return t('addresses.detail.opens_only', { opens });
  if (closes) return t('addresses.detail.closes_only', { closes });
  return t('addresses.detail.not_given');
}
