import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENTS_PER_MESSAGE, type SupportUploadView } from '@freight/contracts';
import { Button, CloseButton, FileButton, Group, Pill, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUpload, isApiError } from '../../lib/api';
import { serverFieldErrors, splitServerErrors } from '../../lib/forms';
import { FormAlert } from '../FormAlert';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/** The request keys of the message's text: a reply's `body`, a new conversation's `message`. */
const TEXT_KEYS = ['body', 'message'];

/**
 * The message box of a chat (the customer's and staff's), a form: text, up to five images or PDFs
 * (sent to `uploadPath` as they are picked), Send. Enter starts a new line, as in any text box;
 * Ctrl+Enter (Cmd+Enter) sends. An empty message is refused at the text box; the server's
 * refusal is said at its field, or in the form's alert when it is about no field here.
 * `leading` holds fields of the same form before the message (a new conversation's category and
 * reference; `leadingKeys` their request keys, `check` their own check before sending); `extra`
 * a side's own controls (staff: internal note, canned answers); `value` lets them fill the text.
 */
export function Composer({
  uploadPath,
  send,
  label,
  leading,
  leadingKeys = [],
  check,
  extra,
  value,
  onChange,
}: {
  uploadPath: string;
  send: (body: string, attachmentIds: string[]) => Promise<unknown>;
  label: string;
  leading?: ReactNode;
  leadingKeys?: readonly string[];
  check?: () => boolean;
  extra?: ReactNode;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [own, setOwn] = useState('');
  const body = value ?? own;
  const setBody = onChange ?? setOwn;
  const [files, setFiles] = useState<SupportUploadView[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) =>
      apiUpload<{ data: SupportUploadView }>(uploadPath, {
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
  // The leading fields show their own server errors; the alert says what no field of the form shows.
  const formFields = [...TEXT_KEYS, ...leadingKeys];
  const server = splitServerErrors(submit.error, formFields).fields;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A form of a dialog opened from `extra` (staff's canned answers) is inside this one for React's events.
    if (event.target !== event.currentTarget) return;
    submit.reset();
    const empty = !body.trim();
    setEmptyError(empty ? t('validation.required') : null);
    const checked = check ? check() : true;
    if (!empty && checked) submit.mutate();
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap={6}>
        {leading}
        <Textarea
          label={label}
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setEmptyError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              formRef.current?.requestSubmit();
            }
          }}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={4000}
          error={emptyError ?? server.body ?? server.message}
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
        <FormAlert error={submit.error} fields={formFields} />
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
          <Button type="submit" size="xs" loading={submit.isPending}>
            {t('chat.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
