import { salesRequest } from '@freight/contracts';
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { isApiError } from '../../../../lib/api';
import { useAuthUser } from '../../../../lib/auth';
import { translateMessage, zodErrors } from '../../../../lib/forms';
import { requestSalesQuote } from '../../api/quotesApi';

interface Values {
  name: string;
  email: string;
  phone: string;
  notes: string;
}

/** Send a quote the portal could not rate to the sales team: contact prefilled from the logged-in user, and notes. */
export function SalesRequestModal({
  quoteId,
  opened,
  onClose,
  onSent,
}: {
  quoteId: string;
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values>({
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', notes: '' },
    validate: (v) => zodErrors(salesRequest, t, v),
  });

  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    const notes = v.notes.trim();
    try {
      await requestSalesQuote(quoteId, { name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim(), ...(notes ? { notes } : {}) });
      notifications.show({ color: 'green', message: t('quotes.results.sales.sent') });
      onSent();
      onClose();
    } catch (e) {
      const errors = isApiError(e) && e.status === 422 ? Object.entries(e.errors) : [];
      const fieldErrors = errors.filter(([k]) => k in v);
      form.setErrors(Object.fromEntries(fieldErrors.map(([k, msgs]) => [k, msgs.map((m) => translateMessage(t, m)).join(' ')])));
      // Anything the modal has no field for (or a failure that is not a 422) is said above the fields.
      if (fieldErrors.length === 0 || fieldErrors.length < errors.length) setFailure(e);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('quotes.results.sales.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('quotes.results.sales.intro')}</Text>
          <ErrorAlert error={failure} />
          <TextInput label={t('quotes.results.sales.name')} required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label={t('quotes.results.sales.email')} required type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput label={t('quotes.results.sales.phone')} required type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <Textarea
            label={t('quotes.results.sales.notes')}
            description={t('quotes.results.sales.notes_hint')}
            rows={4}
            {...form.getInputProps('notes')}
          />
          <ModalActions onCancel={onClose} submitLabel={t('quotes.results.sales.submit')} submitting={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
