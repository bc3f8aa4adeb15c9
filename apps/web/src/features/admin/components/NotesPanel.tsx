import { type StaffNoteView, staffNoteRequest } from '@freight/contracts';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { Section } from '../../../components/Section';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { useFormat } from '../../../lib/useFormat';

/** Staff's internal notes on an account or a shipment, newest first, and a box to add one. */
export function NotesPanel({ notes, onAdd }: { notes: StaffNoteView[]; onAdd: (body: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const form = useForm({ initialValues: { body: '' } });
  const add = useMutation({
    mutationFn: (values: { body: string }) => onAdd(values.body),
    onSuccess: () => form.reset(),
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <Section title={t('admin.notes.title')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const errors = zodErrors(staffNoteRequest, t, values);
          if (Object.keys(errors).length) form.setErrors(errors);
          else add.mutate(values);
        })}
      >
        <Stack gap="xs">
          <Textarea
            label={t('admin.notes.new')}
            description={t('admin.notes.internal')}
            rows={2}
            maxLength={2000}
            {...form.getInputProps('body')}
          />
          <FormAlert error={add.error} fields={form} />
          <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('admin.notes.add')}
          </Button>
        </Stack>
      </form>
      <Stack gap="sm" mt="md">
        {notes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.notes.none')}
          </Text>
        )}
        {notes.map((n) => (
          <div key={n.id}>
            <Text size="xs" c="dimmed">
              {t('admin.notes.by', { author: n.author ?? t('admin.notes.former_staff'), date: fmt.dateTime(n.created_at) })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {n.body}
            </Text>
          </div>
        ))}
      </Stack>
    </Section>
  );
}
