import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENTS_PER_MESSAGE } from '@freight/contracts';
import { Button, CloseButton, FileButton, Group, Pill, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUpload, isApiError } from '../../lib/api';
import { serverFieldErrors } from '../../lib/forms';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

interface Uploaded {
  id: string;
  file_name: string;
}

/**
 * The message box of a chat (the customer's and staff's): text, up to five images or PDFs (sent
 * to `uploadPath` as they are picked), Send; the server's refusal under the box. `extra` holds a
 * side's own controls (staff: internal note, canned answers); `value` lets them fill the text.
 */
export function Composer({
  uploadPath,
  send,
  label,
  extra,
  value,
  onChange,
}: {
  uploadPath: string;
  send: (body: string, attachmentIds: string[]) => Promise<unknown>;
  label: string;
  extra?: ReactNode;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [own, setOwn] = useState('');
  const body = value ?? own;
  const setBody = onChange ?? setOwn;
  const [files, setFiles] = useState<Uploaded[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) =>
      apiUpload<{ data: Uploaded }>(uploadPath, {
        body: file,
        contentType: file.type || 'application/octet-stream',
        query: { name: file.name },
      }).then((r) => r.data),
    onSuccess: (file) => setFiles((all) => [...all, file]),
    onError: (e) => setFileError(isApiError(e) ? (serverFieldErrors(e).file ?? e.message) : t('chat.upload_failed')),
  });
  const submit = useMutation({
    mutationFn: () =>
      send(
        body,
        files.map((f) => f.id),
      ),
    onSuccess: () => {
      setBody('');
      setFiles([]);
    },
  });
  const pick = (file: File | null) => {
    setFileError(null);
    if (!file) return;
    if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) setFileError(t('validation.attachment_size'));
    else upload.mutate(file);
  };
  // The text's own field error, or a refusal that is about no field (429, 404); the other fields'
  // errors are shown by their own inputs.
  const fields = serverFieldErrors(submit.error);
  const error = isApiError(submit.error)
    ? (fields.body ?? fields.message ?? (Object.keys(fields).length ? undefined : submit.error.message))
    : undefined;
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && body.trim()) submit.mutate();
        }}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={4000}
        error={error}
      />
      {files.length > 0 && (
        <Group gap={6}>
          {files.map((f) => (
            <Pill key={f.id} withRemoveButton onRemove={() => setFiles((all) => all.filter((x) => x.id !== f.id))}>
              {f.file_name}
            </Pill>
          ))}
        </Group>
      )}
      {fileError && (
        <Group gap={4}>
          <Text size="xs" c="red" role="alert">
            {fileError}
          </Text>
          <CloseButton size="xs" aria-label={t('chat.dismiss')} onClick={() => setFileError(null)} />
        </Group>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <FileButton onChange={pick} accept={ACCEPT} disabled={files.length >= SUPPORT_ATTACHMENTS_PER_MESSAGE}>
            {(props) => (
              <Button variant="default" size="xs" loading={upload.isPending} {...props}>
                {t('chat.attach')}
              </Button>
            )}
          </FileButton>
          {extra}
        </Group>
        <Button size="xs" onClick={() => submit.mutate()} disabled={!body.trim()} loading={submit.isPending}>
          {t('chat.send')}
        </Button>
      </Group>
    </Stack>
  );
}
