import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchSubmittedForm } from '../../../../components/a11y/watchSubmittedForm';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { FormAlert } from '../../../../components/FormAlert';
import { splitServerErrors } from '../../../../lib/forms';
import { useFormat } from '../../../../lib/useFormat';

/** A call the draft's steps make: running, and its failure. */
interface Step {
  isPending: boolean;
  error: unknown;
}

interface Props<Impact> {
  /**
   * The catalog's section of the editor's words (a carrier tariff's, a pricing program's), each
   * under the same key: save_draft, preview, preview_first, preview_before_publish, discard,
   * discard_title, discard_body, cancel, publish, publish_from, publish_hint, publish_title.
   */
  words: string;
  /** The draft's form (its submit is Save): a date the server refuses is watched for from here. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Saved and unchanged since: only such a draft is previewed. */
  ready: boolean;
  /** The draft's version number when one is saved (then it can be discarded). */
  draftNumber: number | null;
  save: Step;
  preview: Step & { run: () => void };
  /** Beside the Preview button (what the preview is run on). */
  previewOptions?: ReactNode;
  /** The preview just run. */
  previewPanel: ReactNode;
  discard: Step & { run: () => void };
  /** The preview's impact of the draft as it stands, which publishing needs; the confirmation repeats it. */
  impact: Impact | null;
  showImpact: (impact: Impact) => ReactNode;
  publish: Step & { run: (date: string) => void };
  /** The server's day: the earliest publish date, and the one offered. */
  today: string;
}

/** The publish step's one field; a refusal about anything else is said in its alert. */
const PUBLISH_FIELDS = ['effective_date'];

/**
 * The steps of a versioned draft (a carrier tariff, a pricing program): save, preview, discard
 * after confirming, then publish for a date once previewed as it stands, after a confirmation that
 * repeats the preview's impact.
 */
export function DraftActions<Impact>({
  words,
  formRef,
  ready,
  draftNumber,
  save,
  preview,
  previewOptions,
  previewPanel,
  discard,
  impact,
  showImpact,
  publish,
  today,
}: Props<Impact>) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [effective, setEffective] = useState(today);
  const confirmDiscard = () =>
    modals.openConfirmModal({
      title: t(`${words}.discard_title`),
      children: <Text size="sm">{t(`${words}.discard_body`)}</Text>,
      labels: { confirm: t(`${words}.discard`), cancel: t(`${words}.cancel`) },
      confirmProps: { color: 'red' },
      onConfirm: discard.run,
    });
  const confirmPublish = (seen: Impact) =>
    modals.openConfirmModal({
      title: t(`${words}.publish_title`, { number: draftNumber ?? '', date: fmt.date(`${effective}T12:00:00Z`) }),
      children: showImpact(seen),
      labels: { confirm: t(`${words}.publish`), cancel: t(`${words}.cancel`) },
      confirmProps: { color: 'teal' },
      // Publish is no submit of the draft's form: a refused date is watched for from here.
      onConfirm: () => {
        if (formRef.current) watchSubmittedForm(formRef.current);
        publish.run(effective);
      },
    });
  return (
    <Stack>
      <Group align="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t(`${words}.save_draft`)}
        </Button>
        {previewOptions}
        <Button variant="light" disabled={!ready} loading={preview.isPending} onClick={preview.run}>
          {t(`${words}.preview`)}
        </Button>
        {draftNumber !== null && (
          <Button variant="subtle" color="red" onClick={confirmDiscard} loading={discard.isPending}>
            {t(`${words}.discard`)}
          </Button>
        )}
      </Group>
      {!ready && (
        <Text size="sm" c="dimmed">
          {t(`${words}.preview_first`)}
        </Text>
      )}
      {preview.error ? <ErrorAlert error={preview.error} /> : null}
      {previewPanel}
      {ready && !impact && (
        <Text size="sm" c="dimmed">
          {t(`${words}.preview_before_publish`)}
        </Text>
      )}
      {impact && (
        <Group align="flex-end">
          <TextInput
            type="date"
            label={t(`${words}.publish_from`)}
            description={t(`${words}.publish_hint`)}
            min={today}
            value={effective}
            onChange={(e) => setEffective(e.currentTarget.value)}
            error={splitServerErrors(publish.error, PUBLISH_FIELDS).fields.effective_date}
            maw={360}
            w="100%"
          />
          <Button color="teal" loading={publish.isPending} onClick={() => confirmPublish(impact)}>
            {t(`${words}.publish`)}
          </Button>
        </Group>
      )}
      <FormAlert error={publish.error} fields={PUBLISH_FIELDS} />
    </Stack>
  );
}
