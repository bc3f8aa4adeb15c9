import type { PlaceView } from '@freight/contracts';
import { formatPhone, formatTimeOfDay } from '@freight/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressLines } from '../AddressLines';
import { Section } from '../Section';

/** A labelled value of a section. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A link on a line of its own, 24 px high at least (WCAG 2.2 target size): a short email over a
 * phone number of about its width left their targets too close together.
 */
const TARGET = { display: 'inline-block', mih: '1.5rem', lh: '1.5rem' } as const;

/** A place with its contact and hours of operation (a truckload's stops show theirs too). */
export function PlaceBlock({ title, place, children }: { title: string; place: PlaceView; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const hours =
    place.opens_at && place.closes_at
      ? t('shipment.places.hours_value', {
          opens: formatTimeOfDay(place.opens_at, i18n.language),
          closes: formatTimeOfDay(place.closes_at, i18n.language),
        })
      : t('shipment.places.hours_unknown');
  return (
    <Section title={title}>
      <Stack gap="xs">
        <div>
          <Text size="sm" fw={600}>
            {place.company}
          </Text>
          <AddressLines address={place} />
        </div>
        <Fact label={t('shipment.places.contact')}>
          {place.first_name} {place.last_name}
          {/* A marketplace buyer's address may come without an email or phone: no empty link then. */}
          {place.email && (
            <>
              <br />
              <Anchor href={`mailto:${place.email}`} fz="sm" {...TARGET}>
                {place.email}
              </Anchor>
            </>
          )}
          {place.phone && (
            <>
              <br />
              <Anchor href={`tel:${place.phone.replace(/[^\d+]/g, '')}`} fz="sm" {...TARGET}>
                {formatPhone(place.phone)}
              </Anchor>
            </>
          )}
        </Fact>
        <Fact label={t('shipment.places.hours')}>{hours}</Fact>
        {children}
      </Stack>
    </Section>
  );
}
