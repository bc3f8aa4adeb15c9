import { type PricingImpact, type PricingPreview, type PricingProgramDetail, pricingProgramDraftRequest } from '@freight/contracts';
import { Button, Group, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/FormAlert';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import {
  afterProgramChange,
  discardProgramDraft,
  previewProgramDraft,
  programQuery,
  publishProgramDraft,
  saveProgramDraft,
} from '../../api/pricingApi';
import { DraftActions } from '../versions/DraftActions';
import { PricingPreviewPanel, PublishImpact } from './PricingPreviewPanel';
import { ProgramFields } from './ProgramFields';
import { draftRequest, type ProgramFormValues } from './programForm';

interface Props {
  /** 'default' or the account's id. */
  programKey: string;
  program: PricingProgramDetail;
  /** The draft's values, or the version in force when no draft is saved yet. */
  initial: ProgramFormValues;
  /** The draft's version number when one is saved. */
  draftNumber: number | null;
  basedOn: number | null;
  onClose: () => void;
}

/**
 * The program's draft: edited in the engine's terms, checked by the contract before it is saved,
 * previewed against the newest quotes, then published for a pickup date (only as previewed: the
 * confirmation repeats the preview's totals) or discarded. Nothing here changes a price until Publish.
 */
export function ProgramEditor({ programKey, program, initial, draftNumber, basedOn, onClose }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<ProgramFormValues>({
    initialValues: initial,
    validate: (v) => zodErrors(pricingProgramDraftRequest, t, v, draftRequest),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<PricingPreview | null>(null);
  const [quotes, setQuotes] = useState<number | string>(20);
  const [saved, setSaved] = useState(draftNumber !== null);

  const save = useMutation({
    mutationFn: () => saveProgramDraft(programKey, draftRequest(form.values)),
    onSuccess: async (p) => {
      form.resetDirty();
      setSaved(true);
      setPreview(null);
      notifications.show({ color: 'teal', message: t('admin.pricing.saved') });
      await afterProgramChange(client, programKey, p);
    },
    onError: (e) => setServerErrors(form, e),
  });
  const compare = useMutation({
    mutationFn: () => previewProgramDraft(programKey, Number(quotes) || 20),
    onSuccess: async (p) => {
      setPreview(p);
      // The program's detail now carries this preview's totals: the draft can be published.
      await client.invalidateQueries({ queryKey: programQuery(programKey).queryKey });
    },
  });
  const publish = useMutation({
    mutationFn: (effective: string) => publishProgramDraft(programKey, effective),
    onSuccess: async (p) => {
      notifications.show({ color: 'teal', message: t('admin.pricing.published_ok', { number: draftNumber ?? p.versions[0]?.number }) });
      await afterProgramChange(client, programKey, p);
      onClose();
    },
  });
  const discard = useMutation({
    mutationFn: () => discardProgramDraft(programKey),
    onSuccess: async (p) => {
      await afterProgramChange(client, programKey, p);
      onClose();
    },
  });
  const ready = saved && !form.isDirty();
  // Publishing needs this very draft previewed: the preview just run, or one kept from before.
  const impact = ready ? (preview?.impact ?? program.draft_impact) : null;

  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={t('admin.pricing.draft')}>
      <form ref={formRef} onSubmit={form.onSubmit(() => save.mutate())} noValidate>
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h3">
              {draftNumber ? t('admin.pricing.draft_of', { number: draftNumber }) : t('admin.pricing.new_draft')}
            </Title>
            <Button variant="subtle" onClick={onClose}>
              {t('admin.pricing.close')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('admin.pricing.draft_intro')} {basedOn ? t('admin.pricing.based_on', { number: basedOn }) : ''}
          </Text>
          <ProgramFields form={form} today={program.today} />
          <Textarea label={t('admin.pricing.note')} autosize minRows={1} maxLength={500} {...form.getInputProps('note')} />
          <FormAlert error={save.error} fields={form} />
          <DraftActions
            words="admin.pricing"
            formRef={formRef}
            ready={ready}
            draftNumber={program.versions.find((v) => v.state === 'draft')?.number ?? draftNumber}
            save={save}
            preview={{ ...compare, run: () => compare.mutate() }}
            previewOptions={
              <NumberInput
                label={t('admin.pricing.preview_quotes')}
                min={1}
                max={200}
                clampBehavior="strict"
                allowDecimal={false}
                value={quotes}
                onChange={setQuotes}
                w={180}
              />
            }
            previewPanel={preview && <PricingPreviewPanel preview={preview} />}
            discard={{ ...discard, run: () => discard.mutate() }}
            impact={impact}
            showImpact={(seen: PricingImpact) => <PublishImpact impact={seen} />}
            publish={{ ...publish, run: (date: string) => publish.mutate(date) }}
            today={program.today}
          />
        </Stack>
      </form>
    </Paper>
  );
}
