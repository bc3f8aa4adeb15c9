import type { CannedAnswerView } from '@freight/contracts';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { FormAlert } from '../../../../components/FormAlert';
import { splitServerErrors } from '../../../../lib/forms';
import { cannedAnswersQuery, createCannedAnswer, deleteCannedAnswer, SUPPORT_KEY } from '../../api/supportApi';

/**
 * Canned answers: a menu that puts an answer into the reply in the customer's language, and the
 * list staff keep (add, delete).
 */
export function CannedAnswers({ language, onPick }: { language: string; onPick: (body: string) => void }) {
  const { t } = useTranslation();
  const answers = useQuery(cannedAnswersQuery());
  const [managing, setManaging] = useState(false);
  const bodyOf = (a: CannedAnswerView) => (language === 'es' ? a.body_es : a.body_en);
  return (
    <>
      <Menu position="top-start" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs">
            {t('admin.support.canned')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(answers.data ?? []).map((a) => (
            <Menu.Item key={a.id} onClick={() => onPick(bodyOf(a))}>
              {a.title}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setManaging(true)}>{t('admin.support.canned_manage')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={managing} onClose={() => setManaging(false)} title={t('admin.support.canned_manage')} size="lg">
        <ManageCanned answers={answers.data ?? []} />
      </Modal>
    </>
  );
}

/** The new canned answer's fields; a refusal about anything else is said in its alert. */
const CANNED_FIELDS = ['title', 'body_en', 'body_es'];

function ManageCanned({ answers }: { answers: CannedAnswerView[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ title: '', body_en: '', body_es: '' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'canned'] });
  const create = useMutation({
    mutationFn: () => createCannedAnswer(draft),
    onSuccess: () => {
      setDraft({ title: '', body_en: '', body_es: '' });
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteCannedAnswer, onSuccess: () => void refresh() });
  const errors = splitServerErrors(create.error, CANNED_FIELDS).fields;
  const add = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Stack gap="md">
      <ErrorAlert error={remove.error} />
      <Stack gap={4}>
        {answers.map((a) => (
          <Group key={a.id} justify="space-between" wrap="nowrap">
            <Text size="sm">{a.title}</Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('admin.support.canned_delete', { title: a.title })}
              onClick={() => remove.mutate(a.id)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      {/* A form, so Add is a submit: a refusal is focused and said like any form's. */}
      <form onSubmit={add} noValidate>
        <Stack gap="md">
          <FormAlert error={create.error} fields={CANNED_FIELDS} />
          <TextInput
            label={t('admin.support.canned_title')}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            error={errors.title}
            maxLength={80}
          />
          <Textarea
            label={t('admin.support.canned_en')}
            value={draft.body_en}
            onChange={(e) => setDraft({ ...draft, body_en: e.currentTarget.value })}
            error={errors.body_en}
            autosize
            minRows={2}
          />
          <Textarea
            label={t('admin.support.canned_es')}
            value={draft.body_es}
            onChange={(e) => setDraft({ ...draft, body_es: e.currentTarget.value })}
            error={errors.body_es}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('admin.support.canned_add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
