import { SUPPORT_CATEGORIES, type SupportCategory } from '@freight/contracts';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Composer } from '../../../components/chat/Composer';
import { OutOfHoursNotice } from '../../../components/support/OutOfHoursNotice';
import { splitServerErrors } from '../../../lib/forms';
import type { SupportTopic } from '../../../lib/support';
import { openConversation, SUPPORT_KEY, UPLOAD_PATH } from '../api/supportApi';

/** The new conversation's fields before the message. */
const LEADING_KEYS = ['category', 'reference'];

/**
 * A new conversation: the issue category (required, 'Please select an issue category'), the BOL or
 * invoice number (filled in from the page the chat was opened on), the message and attachments.
 */
export function NewConversationForm({
  topic,
  onOpened,
  onCancel,
}: {
  topic: SupportTopic;
  onOpened: (id: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<SupportCategory | null>(topic.category ?? null);
  const [reference, setReference] = useState(topic.reference ?? '');
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: ({ message, attachmentIds }: { message: string; attachmentIds: string[] }) =>
      openConversation({ category: category ?? undefined, reference, message, attachment_ids: attachmentIds } as never),
    onSuccess: (c) => {
      void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
      onOpened(c.id);
    },
  });
  const fields = splitServerErrors(open.error, LEADING_KEYS).fields;
  return (
    <Stack gap="sm">
      <OutOfHoursNotice />
      <Composer
        uploadPath={UPLOAD_PATH}
        label={t('support_chat.message')}
        leadingKeys={LEADING_KEYS}
        leading={
          <Stack gap="sm" mb={4}>
            <Select
              label={t('support_chat.category')}
              placeholder={t('support_chat.category_placeholder')}
              data={SUPPORT_CATEGORIES.map((c) => ({ value: c, label: t(`chat.categories.${c}`) }))}
              value={category}
              onChange={(v) => {
                setCategory(v as SupportCategory | null);
                setCategoryError(null);
              }}
              error={categoryError ?? fields.category}
              required
              comboboxProps={{ withinPortal: false }}
            />
            <TextInput
              label={t('support_chat.reference')}
              description={t('support_chat.reference_hint')}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              maxLength={40}
              error={fields.reference}
            />
          </Stack>
        }
        // The spec's wording, before the server's (which says the same).
        check={() => {
          setCategoryError(category ? null : t('validation.chat_category'));
          return !!category;
        }}
        send={(message, attachmentIds) => open.mutateAsync({ message, attachmentIds })}
      />
      {onCancel && (
        <Group>
          <Button variant="subtle" size="xs" onClick={onCancel}>
            {t('support_chat.back')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
