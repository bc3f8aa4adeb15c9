import { type ConfirmationProof, confirmPasswordRequest } from '@freight/contracts';
import { Button, Group, getDefaultZIndex, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { setServerErrors, zodErrors } from '../lib/forms';
import { confirmationProofs, confirmIdentity } from '../lib/identityConfirmation';
import { formBeingSubmitted, watchSubmittedForm } from './a11y/watchSubmittedForm';
import { ConfirmSecondFactor } from './ConfirmSecondFactor';
import { FormAlert } from './FormAlert';

/**
 * What the signed-in user confirms who they are with (GET /user/confirmed-password-status): null
 * while it is asked; `known` when the caller asked already.
 */
export function useConfirmationProofs(known?: ConfirmationProof[]) {
  const [asked, setAsked] = useState<ConfirmationProof[] | null>(null);
  useEffect(() => {
    if (known) return;
    let live = true;
    void confirmationProofs().then((proofs) => live && setAsked(proofs));
    return () => {
      live = false;
    };
  }, [known]);
  return known ?? asked;
}

/** The dialog's and the page's title: the password is confirmed, or (a second factor) who one is. */
export const confirmationTitle = (t: TFunction, proofs: ConfirmationProof[] | null) =>
  !proofs || proofs.includes('password') ? t('auth.confirm.title') : t('auth.confirm.identity_title');

interface FormProps {
  onConfirmed: () => unknown;
  intro: string;
  actions: ReactNode;
  /** Why it is asked, as the server said it (a grant of power asks it again within minutes). */
  reason?: string;
  /** The server asked for a grant of power (its 423 `reauthentication_required`). */
  again?: boolean;
  /** What the user can confirm with, when the caller knows it (otherwise asked here). */
  proofs?: ConfirmationProof[];
}

/**
 * The user proves who they are (POST /user/confirm-password); `onConfirmed` runs after the server
 * took the proof. A user without a second factor types the current password; a user with one uses
 * it instead (ConfirmSecondFactor). A wrong answer shows the server's 422 message under its field.
 * `intro` says what happens next; `actions` stand next to the submit button (a cancel link or button).
 */
export function ConfirmPasswordForm(props: FormProps) {
  const proofs = useConfirmationProofs(props.proofs);
  const { t } = useTranslation();
  if (!proofs) return <Loader size="sm" role="status" aria-label={t('common.loading_page')} />;
  if (!proofs.includes('password')) return <ConfirmSecondFactor {...props} proofs={proofs} />;
  return <ConfirmWithPassword {...props} />;
}

function ConfirmWithPassword({ onConfirmed, intro, actions, reason }: FormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { password: '' }, validate: (v) => zodErrors(confirmPasswordRequest, t, v) });
  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await confirmIdentity({ password: v.password });
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

/** A modal asking the user to confirm who they are; above any other modal. */
export function ConfirmPasswordModal({
  onConfirmed,
  onCancel,
  reason,
  again,
  proofs: known,
}: {
  onConfirmed: () => unknown;
  onCancel: () => void;
  reason?: string;
  again?: boolean;
  proofs?: ConfirmationProof[];
}) {
  const { t } = useTranslation();
  const proofs = useConfirmationProofs(known);
  // Opened once the proofs are known, so its title and fields never change under the user.
  if (!proofs) return null;
  return (
    <Modal opened onClose={onCancel} title={confirmationTitle(t, proofs)} centered zIndex={getDefaultZIndex('modal') + 1}>
      <ConfirmPasswordForm
        onConfirmed={onConfirmed}
        reason={reason}
        again={again}
        proofs={proofs}
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
 * Wraps a save that the server may refuse with 423 (confirmation required). `run(values)` saves;
 * on a 423 it opens the modal (the password, or the user's second factor) and, once confirmed,
 * saves the same values again and settles with that answer. It resolves with null when the user
 * cancels the modal. Render `modal` outside any other modal's content (a sibling), so its keys do
 * not reach it.
 */
export function useWithPasswordConfirmation<V, R>(save: (values: V) => Promise<R>) {
  // The 423's message and kind while the modal is open ('confirm your password' or, for a grant of power, 'enter it again').
  const [asking, setAsking] = useState<{ reason: string; again: boolean; proofs: ConfirmationProof[] } | null>(null);
  const pending = useRef<{ confirmed: () => void; cancelled: () => void } | null>(null);

  const run = useCallback(
    async (values: V): Promise<R | null> => {
      const form = formBeingSubmitted();
      let refusal: { reason: string; again: boolean };
      try {
        return await save(values);
      } catch (e) {
        if (!isApiError(e) || e.status !== 423) throw e;
        refusal = { reason: e.message, again: e.code === 'reauthentication_required' };
      }
      const proofs = await confirmationProofs();
      const confirmed = await new Promise<boolean>((resolve) => {
        pending.current = { confirmed: () => resolve(true), cancelled: () => resolve(false) };
        setAsking({ ...refusal, proofs });
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
        reason={asking.reason}
        again={asking.again}
        proofs={asking.proofs}
        onConfirmed={() => pending.current?.confirmed()}
        onCancel={() => pending.current?.cancelled()}
      />
    ) : null;

  return { run, modal };
}
