import { confirmPasswordRequest } from '@freight/contracts';
import { Button, Group, getDefaultZIndex, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { confirmPassword } from '../lib/auth';
import { setServerErrors, zodErrors } from '../lib/forms';
import { formBeingSubmitted, watchSubmittedForm } from './a11y/watchSubmittedForm';
import { FormAlert } from './FormAlert';

/**
 * The current password, sent to POST /user/confirm-password; `onConfirmed` runs after it was
 * accepted. A wrong password shows the server's 422 message under the field. `intro` says what
 * happens next; `actions` stand next to the submit button (a cancel link or button).
 */
export function ConfirmPasswordForm({
  onConfirmed,
  intro,
  actions,
  reason,
}: {
  onConfirmed: () => unknown;
  intro: string;
  actions: ReactNode;
  /** Why the password is asked, as the server said it (a grant of power asks it again within minutes). */
  reason?: string;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { password: '' }, validate: (v) => zodErrors(confirmPasswordRequest, t, v) });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await confirmPassword(v.password);
    } catch (e) {
      setServerErrors(form, e);
      setFailure(e);
      return;
    }
    await onConfirmed();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{reason ?? t('errors.password_confirmation_required')}</Text>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          {...form.getInputProps('password')}
        />
        <FormAlert error={failure} fields={form} />
        <Group justify="flex-end">
          {actions}
          <Button type="submit" loading={form.submitting}>
            {t('auth.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A modal asking for the current password; above any other modal. */
export function ConfirmPasswordModal({
  onConfirmed,
  onCancel,
  reason,
}: {
  onConfirmed: () => unknown;
  onCancel: () => void;
  reason?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onCancel} title={t('auth.confirm.title')} centered zIndex={getDefaultZIndex('modal') + 1}>
      <ConfirmPasswordForm
        onConfirmed={onConfirmed}
        reason={reason}
        intro={t('auth.confirm.modal_intro')}
        actions={
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        }
      />
    </Modal>
  );
}

/**
 * Wraps a save that the server may refuse with 423 (password confirmation required). `run(values)`
 * saves; on a 423 it opens the modal and, once the password is confirmed, saves the same values
 * again and settles with that answer. It resolves with null when the user cancels the modal.
 * Render `modal` outside any other modal's content (a sibling), so its keys do not reach it.
 */
export function useWithPasswordConfirmation<V, R>(save: (values: V) => Promise<R>) {
  // The 423's message while the modal is open: 'confirm your password' or, for a grant of power, 'enter it again'.
  const [asking, setAsking] = useState<string | null>(null);
  const pending = useRef<{ confirmed: () => void; cancelled: () => void } | null>(null);

  const run = useCallback(
    async (values: V): Promise<R | null> => {
      const form = formBeingSubmitted();
      let reason: string;
      try {
        return await save(values);
      } catch (e) {
        if (!isApiError(e) || e.status !== 423) throw e;
        reason = e.message;
      }
      const confirmed = await new Promise<boolean>((resolve) => {
        pending.current = { confirmed: () => resolve(true), cancelled: () => resolve(false) };
        setAsking(reason);
      });
      pending.current = null;
      setAsking(null);
      if (!confirmed) return null;
      // The save sent again answers for the form the user submitted: its field errors are focused and said.
      if (form) watchSubmittedForm(form);
      return save(values);
    },
    [save],
  );

  const modal =
    asking !== null ? (
      <ConfirmPasswordModal
        reason={asking}
        onConfirmed={() => pending.current?.confirmed()}
        onCancel={() => pending.current?.cancelled()}
      />
    ) : null;

  return { run, modal };
}
