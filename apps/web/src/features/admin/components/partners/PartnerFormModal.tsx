import { type PartnerContactInput, type PartnerView, partnerRequest } from '@freight/contracts';
import { ActionIcon, Button, Group, Modal, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { carrierOptionsQuery } from '../../api/carrierMessagesApi';
import { afterPartnerChange, savePartner } from '../../api/integrationsApi';

type Contact = Required<PartnerContactInput>;
interface Values {
  name: string;
  website: string;
  status: 'active' | 'suspended';
  notes: string;
  /** The carrier of a carrier partner; '' for none. */
  carrier_id: string;
  contacts: Contact[];
}

/** The request of the form's values: no carrier is null (the partner is no carrier's). */
const requestOf = (v: Values) => ({ ...v, carrier_id: v.carrier_id || null });

const BLANK_CONTACT: Contact = { name: '', email: '', phone: '', role: '' };
/** The most contacts a partner keeps (the request's limit). */
const MAX_CONTACTS = 20;

/**
 * Adds a partner (no `partner`) or edits one: the company, its status, the carrier it is when it
 * is a carrier's systems (a carrier partner posts that carrier's invoices), its notes and its
 * contacts (repeatable). The server's field errors land on their fields, a contact's included.
 */
export function PartnerFormModal({
  partner,
  onClose,
  onSaved,
}: {
  partner: PartnerView | null;
  onClose: () => void;
  onSaved: (saved: PartnerView) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      name: partner?.name ?? '',
      website: partner?.website ?? '',
      status: partner?.status ?? 'active',
      notes: partner?.notes ?? '',
      carrier_id: partner?.carrier?.id ?? '',
      contacts: partner?.contacts.map((c) => ({ ...c })) ?? [],
    },
  });
  const carriers = useQuery(carrierOptionsQuery());
  const save = useMutation({
    mutationFn: (v: Values) => savePartner(partner?.id ?? null, requestOf(v)),
    onSuccess: async (saved) => {
      onSaved(saved);
      await afterPartnerChange(client, saved);
    },
    onError: (e) => setServerErrors(form, e),
  });
  const title = partner ? t('admin.partners.edit_title', { name: partner.name }) : t('admin.partners.add_title');

  return (
    <Modal opened onClose={onClose} title={title} centered size="xl">
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((v) => {
          const errors = zodErrors(partnerRequest, t, requestOf(v));
          if (Object.keys(errors).length) form.setErrors(errors);
          else save.mutate(v);
        })}
      >
        <Stack gap="md">
          <FormAlert error={save.error} fields={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('admin.partners.name')} withAsterisk maxLength={120} {...form.getInputProps('name')} />
            <TextInput label={t('admin.partners.website')} placeholder="https://" maxLength={200} {...form.getInputProps('website')} />
            <NativeSelect
              label={t('admin.partners.status_label')}
              description={t('admin.partners.status_hint')}
              data={(['active', 'suspended'] as const).map((s) => ({ value: s, label: t(`admin.partners.status.${s}`) }))}
              {...form.getInputProps('status')}
            />
            <NativeSelect
              label={t('admin.partners.carrier')}
              description={t('admin.partners.carrier_hint')}
              data={[
                { value: '', label: t('admin.partners.no_carrier') },
                ...(carriers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.scac})` })),
              ]}
              {...form.getInputProps('carrier_id')}
            />
          </SimpleGrid>
          <Textarea label={t('admin.partners.notes')} autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('notes')} />

          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={500}>
              {t('admin.partners.contacts')}
            </Text>
            {form.values.contacts.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('admin.partners.no_contacts_yet')}
              </Text>
            )}
            {form.values.contacts.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a contact has no id; rows are only added at the end or removed
              <Paper key={i} withBorder p="sm" role="group" aria-label={t('admin.partners.contact_n', { n: i + 1 })}>
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} style={{ flex: 1 }}>
                    <TextInput
                      label={t('admin.partners.contact_name')}
                      withAsterisk
                      maxLength={120}
                      {...form.getInputProps(`contacts.${i}.name`)}
                    />
                    <TextInput
                      type="email"
                      label={t('admin.partners.contact_email')}
                      withAsterisk
                      maxLength={254}
                      {...form.getInputProps(`contacts.${i}.email`)}
                    />
                    <TextInput
                      type="tel"
                      label={t('admin.partners.contact_phone')}
                      maxLength={24}
                      {...form.getInputProps(`contacts.${i}.phone`)}
                    />
                    <TextInput
                      label={t('admin.partners.contact_role')}
                      placeholder={t('admin.partners.contact_role_hint')}
                      maxLength={80}
                      {...form.getInputProps(`contacts.${i}.role`)}
                    />
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    onClick={() => form.removeListItem('contacts', i)}
                    aria-label={t('admin.partners.remove_contact_n', { n: i + 1 })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
            {form.values.contacts.length < MAX_CONTACTS && (
              <Button
                variant="default"
                size="compact-sm"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => form.insertListItem('contacts', { ...BLANK_CONTACT })}
              >
                {t('admin.partners.add_contact')}
              </Button>
            )}
          </Stack>
          <ModalActions
            onCancel={onClose}
            submitLabel={partner ? t('admin.partners.save') : t('admin.partners.create')}
            submitting={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
