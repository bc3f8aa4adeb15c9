import type { CarrierInvoiceView } from '@freight/contracts';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReplyBox } from '../../../../components/dispute/ReplyBox';
import { ThreadMessage } from '../../../../components/dispute/ThreadMessage';
import { Section } from '../../../../components/Section';
import { afterCarrierInvoiceAction, carrierInvoiceAction } from '../api/carrierInvoicesApi';

/**
 * A disputed carrier invoice's thread with the carrier: each message, ours set in, and while it is
 * disputed a reply box, which also records an answer the carrier gave outside the API (by mail or
 * phone) as the carrier's.
 */
export function CarrierThread({ invoice }: { invoice: CarrierInvoiceView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [fromCarrier, setFromCarrier] = useState(false);
  const carrier = invoice.carrier?.name ?? t('admin.carrier_invoices.thread.carrier');
  if (invoice.messages.length === 0 && invoice.status !== 'disputed') return null;
  return (
    <Section title={t('admin.carrier_invoices.thread.title')}>
      <Stack gap="xs" data-testid="carrier-thread">
        {invoice.messages.length === 0 && <Text size="sm">{t('admin.carrier_invoices.thread.empty')}</Text>}
        {invoice.messages.map((m) => (
          <ThreadMessage
            key={m.id}
            who={m.from_carrier ? carrier : (m.author ?? t('admin.carrier_invoices.thread.staff'))}
            at={m.created_at}
            body={m.body}
            staff={!m.from_carrier}
            ours={!m.from_carrier}
          />
        ))}
        {invoice.status === 'disputed' && (
          <>
            <ReplyBox
              label={t('admin.carrier_invoices.thread.reply')}
              sendLabel={t('admin.carrier_invoices.thread.send')}
              send={async (body) => {
                await afterCarrierInvoiceAction(
                  client,
                  await carrierInvoiceAction(invoice.id, 'messages', { body, from_carrier: fromCarrier }),
                );
                setFromCarrier(false);
              }}
            />
            <Checkbox
              label={t('admin.carrier_invoices.thread.from_carrier', { carrier })}
              checked={fromCarrier}
              onChange={(e) => setFromCarrier(e.currentTarget.checked)}
            />
          </>
        )}
      </Stack>
    </Section>
  );
}
